import { cn } from './cn';
import type { Column } from './column-table';

/** How a column looks, without its cells: spread into a column, which adds its `cell`. */
type ColumnLook = Omit<Column<never>, 'cell'>;

/** A right-aligned column of counts or amounts, its digits of one width so they line up. */
export function numberColumn(header: string, className?: string): ColumnLook {
  return { header, headClassName: 'text-right', className: cn('text-right tabular-nums', className) };
}

/** The column of a row's buttons at the right: its name is for screen readers only. */
export function buttonsColumn(name: string, className?: string): ColumnLook {
  return { header: <span className="sr-only">{name}</span>, className: cn('text-right', className) };
}
