import type { Key, ReactNode } from 'react';
import { cn } from './cn';
import { type Column, ColumnTable } from './column-table';
import { TableOrCards } from './table-or-cards';

const term = 'text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400';

export interface CardFact {
  term: string;
  value: ReactNode;
  /** Across both columns of the card, for a long value. */
  wide?: boolean;
  className?: string;
}

/** How one record reads as a card on a phone: a title and badge, its facts, one action. */
export interface RecordCard<T> {
  title: (row: T) => ReactNode;
  badge: (row: T) => ReactNode;
  facts: (row: T) => CardFact[];
  action: (row: T) => ReactNode;
}

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
  card: RecordCard<T>;
}) {
  return (
    <div className="-mx-5 sm:-mx-6">
      <TableOrCards
        table={
          <ColumnTable label={label} minWidth="min-w-[40rem]" rows={rows} columns={columns} rowKey={rowKey} />
        }
        cards={
          <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((row) => (
              <li key={rowKey(row)} className="space-y-3 px-5 py-4">
                <div className="flex items-start justify-between gap-3">
                  {card.title(row)}
                  {card.badge(row)}
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
                  {card.facts(row).map((fact) => (
                    <div key={fact.term} className={fact.wide ? 'col-span-2' : undefined}>
                      <dt className={term}>{fact.term}</dt>
                      <dd className={cn('mt-0.5', fact.className)}>{fact.value}</dd>
                    </div>
                  ))}
                </dl>
                {card.action(row)}
              </li>
            ))}
          </ul>
        }
      />
    </div>
  );
}
