import type { ComponentProps } from 'react';
import type { Identified } from '../lib/paged-selection';
import type { SelectionBoxes } from '../lib/selection-boxes';
import type { Column } from './column-table';
import { type CardContent, SelectableCards } from './selectable-cards';
import { SelectableTable } from './selectable-table';
import { TableOrCards } from './table-or-cards';

/**
 * One selectable list drawn both ways from the same rows and checkboxes: its columns as a table
 * from the breakpoint up (sm unless said), each row as the card `card` describes below it.
 */
export function SelectableList<T extends Identified>({
  from,
  label,
  minWidth,
  rows,
  boxes,
  columns,
  card,
}: {
  from?: ComponentProps<typeof TableOrCards>['from'];
  label: string;
  minWidth: string;
  rows: readonly T[];
  boxes: SelectionBoxes<T>;
  columns: readonly Column<T>[];
  card: (row: T) => CardContent;
}) {
  return (
    <TableOrCards
      from={from}
      table={
        <SelectableTable label={label} minWidth={minWidth} rows={rows} boxes={boxes} columns={columns} />
      }
      cards={<SelectableCards label={label} rows={rows} boxes={boxes} card={card} />}
    />
  );
}
