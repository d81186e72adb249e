import type { Key, ReactNode } from 'react';
import { Cell, DataTable, HeadCell, rowClasses } from './data-table';

export interface Column<T> {
  /** Header text; a visually hidden name for a column of controls. */
  header: ReactNode;
  /** Classes of the header cell, such as 'text-right'. */
  headClassName?: string;
  /** Classes of each body cell. */
  className?: string;
  cell: (row: T) => ReactNode;
}

/** A DataTable drawn from its columns: one header cell and one body cell a column, a row a record. */
export function ColumnTable<T>({
  label,
  minWidth,
  rows,
  columns,
  rowKey,
  rowClassName = () => rowClasses(),
}: {
  label: string;
  minWidth?: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => Key;
  /** The row's look; by default it highlights on hover. */
  rowClassName?: (row: T) => string;
}) {
  return (
    <DataTable label={label} minWidth={minWidth}>
      <thead>
        <tr>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
            <HeadCell key={index} className={column.headClassName}>
              {column.header}
            </HeadCell>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName(row)}>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
              <Cell key={index} className={column.className}>
                {column.cell(row)}
              </Cell>
            ))}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
