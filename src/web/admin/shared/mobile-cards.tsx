import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';
import type { RecordField } from '../../ui/record-cards';

/**
 * The phone layout (spec: card layout under 768px) of the admin lists that have no selection
 * (queue, refunds, customers, audit), drawn like the shared RecordCards, which always carry a
 * checkbox. Shown where the list's box is too narrow for its table (ColumnList, queue rows).
 */
export function MobileCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
      {children}
    </ul>
  );
}

const term = 'text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400';

export function MobileCard({
  tone = 'default',
  title,
  badge,
  fields,
  actions,
}: {
  /** 'danger' marks a row that needs attention (a broken delivery promise). */
  tone?: 'default' | 'danger';
  title: ReactNode;
  badge?: ReactNode;
  fields: readonly RecordField[];
  actions?: ReactNode;
}) {
  return (
    <li className={cn('space-y-3 px-5 py-4', tone === 'danger' && 'bg-red-50 dark:bg-red-950/40')}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1 text-sm font-medium text-slate-900 dark:text-white">{title}</div>
        {badge && <div className="shrink-0">{badge}</div>}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
        {fields.map((field) => (
          <div key={field.label} className={cn('min-w-0', field.wide && 'col-span-2')}>
            <dt className={term}>{field.label}</dt>
            <dd className="mt-0.5 break-words">{field.value}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </li>
  );
}
