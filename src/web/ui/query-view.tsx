import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { LoadingScreen } from './spinner';

/**
 * A page's content from one query: a spinner while it loads, and a failure that says so with a
 * Retry (never an empty form in its place), else the content.
 */
export function QueryView<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, as the spinner and the failure say it ('your profile'). */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingScreen label={`Loading ${what}`} className="min-h-64" />;
  if (query.isError) {
    return (
      <LoadError title={`We could not load ${what}`} onRetry={() => void query.refetch()} retryIcon={false} />
    );
  }
  return children(query.data);
}
