import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../ui/load-error';

/** A titled block inside a detail dialog. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

/** Label/value pairs in two columns (one on a phone). */
export function Facts({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs text-slate-500 dark:text-slate-400">{item.label}</dt>
          <dd className="break-words text-slate-900 dark:text-slate-100">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A bordered list of small rows (payments, panels), scrolling when long. It is focusable, so a
 * keyboard can scroll it too (a list of 55 panels has nothing else to focus).
 */
export function DetailList({
  label,
  children,
  empty,
}: {
  label: string;
  children: ReactNode;
  empty?: string | false;
}) {
  if (empty) return <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>;
  return (
    <ul
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard to be scrolled
      tabIndex={0}
      className="max-h-64 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:divide-slate-800 dark:border-slate-800"
    >
      {children}
    </ul>
  );
}

export function DetailRow({ children }: { children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">{children}</li>
  );
}

/** A detail that could not be loaded: the server's reason when it gave one, and a Retry. */
export function DetailLoadError({
  title,
  query,
}: {
  title: string;
  query: Pick<UseQueryResult, 'error' | 'refetch' | 'isFetching'>;
}) {
  return (
    <LoadError
      title={title}
      description={query.error?.message ?? 'Check your connection and try again.'}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
