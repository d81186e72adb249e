import type { UseQueryResult } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadError } from '../../ui/load-error';

/** A settings section's list while it loads: a spinner the height of a short list, not of a page. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex min-h-32 items-center justify-center text-brand-600 dark:text-indigo-300"
    >
      <LoaderCircle className="h-7 w-7 animate-spin" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * A settings section's list by the state of its query: the spinner, a failure to retry, what
 * `empty` says when the list has nothing in it, or the list.
 */
export function SectionQuery<T>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, as the spinner and the failure say it ('your API keys'). */
  what: string;
  /** For a list whose empty state is only words (SectionEmpty); without it, children draw it. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <SectionLoading label={`Loading ${what}`} />;
  if (query.isError)
    return (
      <LoadError title={`We could not load ${what}`} onRetry={() => void query.refetch()} retryIcon={false} />
    );
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) {
    return <SectionEmpty>{empty}</SectionEmpty>;
  }
  return children(query.data);
}

/** What a settings section's empty list says instead, and what to do about it. */
export function SectionEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {children}
    </p>
  );
}
