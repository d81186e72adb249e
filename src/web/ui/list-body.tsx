import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyList } from './empty-list';
import { LoadError } from './load-error';
import { TableSkeleton } from './table-skeleton';

/** What a list says while it is still loading, when it failed, and when it has no rows. */
export interface ListTexts {
  /** For screen readers while loading ('Loading orders'). */
  loading: string;
  /** Above the Retry; the same words as the failure's toast. */
  failure: string;
  empty: string;
  /** When a search or filter leaves no rows, if that needs saying otherwise. */
  noMatch?: string;
}

/**
 * What a list card holds: a skeleton on the first load, the failure with a Retry (D3: never
 * sample data), an empty message, or the rows. A page change keeps the previous rows on
 * screen while the next arrive (placeholderData), so only the first load shows a skeleton.
 */
export function ListBody({
  query,
  rows,
  texts,
  filtered = false,
  skeletonRows = 5,
  children,
}: {
  /** The list's TanStack query: its first load, failure and retry. */
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'data' | 'isFetching' | 'refetch'>;
  /** The rows on screen; none shows the empty text. */
  rows: readonly unknown[];
  texts: ListTexts;
  /** A search or filter narrows the list, so an empty one says nothing matched. */
  filtered?: boolean;
  skeletonRows?: number;
  children: ReactNode;
}) {
  if (query.isPending) return <TableSkeleton rows={skeletonRows} label={texts.loading} />;
  // A failed refresh keeps the rows already on screen; only a list never loaded shows the error.
  if (query.isError && query.data === undefined) {
    return (
      <div className="p-5 sm:p-6">
        <LoadError
          title={texts.failure}
          description="Check your connection and try again."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  if (rows.length === 0) {
    return <EmptyList>{(filtered && texts.noMatch) || texts.empty}</EmptyList>;
  }
  return children;
}
