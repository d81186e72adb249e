import type { Identified } from '../lib/paged-selection';
import type { SelectionBoxes } from '../lib/selection-boxes';
import { Checkbox } from './checkbox';
import { type Column, ColumnTable } from './column-table';
import { rowClasses } from './data-table';

/**
 * A column table with a checkbox column in front: a select-all box in the header, one box a
 * row, and the row highlighted while it is selected. With no boxes (a role that may do nothing
 * with a selection) it is the plain table.
 */
export function SelectableTable<T extends Identified>({
  label,
  minWidth,
  rows,
  columns,
  boxes,
  disableSelectAllWhenEmpty = false,
}: {
  label: string;
  minWidth?: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  boxes: SelectionBoxes<T> | null;
  disableSelectAllWhenEmpty?: boolean;
}) {
  if (!boxes) {
    return (
      <ColumnTable label={label} minWidth={minWidth} rows={rows} columns={columns} rowKey={(row) => row.id} />
    );
  }
  const checkboxes: Column<T> = {
    header: (
      <Checkbox
        aria-label={boxes.allLabel}
        checked={boxes.allState === 'all'}
        indeterminate={boxes.allState === 'some'}
        disabled={disableSelectAllWhenEmpty ? rows.length === 0 : undefined}
        onChange={boxes.toggleAll}
      />
    ),
    headClassName: 'w-12',
    cell: (row) => (
      <Checkbox
        aria-label={boxes.rowLabel(row)}
        checked={boxes.has(row.id)}
        onChange={() => boxes.toggle(row)}
      />
    ),
  };
  return (
    <ColumnTable
      label={label}
      minWidth={minWidth}
      rows={rows}
      columns={[checkboxes, ...columns]}
      rowKey={(row) => row.id}
      rowClassName={(row) => rowClasses(boxes.has(row.id))}
    />
  );
}
