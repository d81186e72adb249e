import type { ReactNode } from 'react';
import { EmptyList } from './empty-list';
import { TableSkeleton } from './table-skeleton';

/**
 * ListBody for rows that arrive with the page's own data (the page says when that failed): a
 * skeleton until they are there, the empty text when there are none, else the rows.
 */
export function StaticListBody({
  rows,
  loading,
  empty,
  skeletonRows = 3,
  children,
}: {
  /** undefined until the page's data arrives. */
  rows: readonly unknown[] | undefined;
  /** For screen readers while loading. */
  loading: string;
  empty: ReactNode;
  skeletonRows?: number;
  children: ReactNode;
}) {
  if (!rows) return <TableSkeleton rows={skeletonRows} label={loading} />;
  if (rows.length === 0) return <EmptyList>{empty}</EmptyList>;
  return children;
}
