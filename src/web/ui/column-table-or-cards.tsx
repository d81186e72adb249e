import type { Key } from 'react';
import { type Column, ColumnTable } from './column-table';
import { type FactCard, FactCards } from './fact-cards';
import { TableOrCards } from './table-or-cards';

/**
 * A list inside a section card: a ColumnTable from the sm breakpoint up, a card a record on
 * a phone, edge to edge with the section (settings' API keys, a webhook's delivery log).
 */
export function ColumnTableOrCards<T>({
  label,
  rows,
  columns,
  rowKey,
  card,
}: {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => Key;
  card: FactCard<T>;
}) {
  return (
    <div className="-mx-5 sm:-mx-6">
      <TableOrCards
        table={
          <ColumnTable label={label} minWidth="min-w-[40rem]" rows={rows} columns={columns} rowKey={rowKey} />
        }
        cards={<FactCards label={label} rows={rows} rowKey={rowKey} card={card} />}
      />
    </div>
  );
}
