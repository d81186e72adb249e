import type { Key, ReactNode } from 'react';
import { cn } from './cn';

const term = 'text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400';

export interface CardFact {
  term: string;
  value: ReactNode;
  /** Across both columns of the card, for a long value. */
  wide?: boolean;
  className?: string;
}

/** How one record reads as a card on a phone: a title and badge, its facts, one action. */
export interface FactCard<T> {
  title: (row: T) => ReactNode;
  badge: (row: T) => ReactNode;
  facts: (row: T) => CardFact[];
  action?: (row: T) => ReactNode;
}

/**
 * A list's records as cards, for a box too narrow for its table: each card its title and badge
 * on top, its facts in two columns, then its action. No selection (RecordCards has one).
 */
export function FactCards<T>({
  label,
  rows,
  rowKey,
  card,
}: {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  card: FactCard<T>;
}) {
  return (
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
          {card.action?.(row)}
        </li>
      ))}
    </ul>
  );
}
