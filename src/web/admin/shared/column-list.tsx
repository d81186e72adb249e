import type { ComponentProps, Key } from 'react';
import { type Column, ColumnTable } from '../../ui/column-table';
import { TableOrCards } from '../../ui/table-or-cards';
import { MobileCard, MobileCards } from './mobile-cards';

/**
 * An admin list without selection, drawn both ways from the same rows: its columns as a table
 * where its box is wide enough (TableOrCards' 'wide'), and below that each row as the card
 * `card` describes.
 */
export function ColumnList<T extends { id: Key }>({
  label,
  minWidth,
  rows,
  columns,
  card,
}: {
  label: string;
  minWidth: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  card: (row: T) => ComponentProps<typeof MobileCard>;
}) {
  return (
    <TableOrCards
      from="wide"
      table={
        <ColumnTable
          label={label}
          minWidth={minWidth}
          rows={rows}
          rowKey={(row) => row.id}
          columns={columns}
        />
      }
      cards={
        <MobileCards label={label}>
          {rows.map((row) => (
            <MobileCard key={row.id} {...card(row)} />
          ))}
        </MobileCards>
      }
    />
  );
}
