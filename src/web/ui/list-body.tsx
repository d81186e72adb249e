import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { TableSkeleton } from './table-skeleton';

/**
 * What a list card holds: a skeleton on the first load, the failure with a Retry (D3: never
 * sample data), an empty message, or the rows. A page change keeps the previous rows on
 * screen while the next arrive (placeholderData), so only the first load shows a skeleton.
 */
export function ListBody({
  query,
  empty,
  emptyText,
  label,
  skeletonRows = 5,
  failureTitle,
  children,
}: {
  /** The list's TanStack query: its first load, failure and retry. */
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'data' | 'isFetching' | 'refetch'>;
  empty: boolean;
  emptyText: string;
  /** For screen readers while loading ('Loading orders'). */
  label: string;
  skeletonRows?: number;
  failureTitle: string;
  children: ReactNode;
}) {
  if (query.isPending) return <TableSkeleton rows={skeletonRows} label={label} />;
  // A failed refresh keeps the rows already on screen; only a list never loaded shows the error.
  if (query.isError && query.data === undefined) {
    return (
      <div className="p-5 sm:p-6">
        <LoadError
          title={failureTitle}
          description="Check your connection and try again."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  if (empty) {
    return (
      <p className="px-5 py-10 text-center text-sm text-slate-600 sm:px-6 dark:text-slate-400">{emptyText}</p>
    );
  }
  return children;
}
