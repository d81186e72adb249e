import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Refreshes a query every `intervalMs` while `enabled`, with a fetcher that marks its requests
 * as background ones. A person reading the page is not active: the idle timeout still ends
 * the session of a tab left open (the server does not count these requests as activity).
 */
export function useBackgroundRefresh<T>(
  queryKey: QueryKey,
  fetchInBackground: () => Promise<T>,
  intervalMs: number,
  enabled: boolean,
): void {
  const client = useQueryClient();
  const latest = useRef({ queryKey, fetchInBackground });
  latest.current = { queryKey, fetchInBackground };
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      const { queryKey: key, fetchInBackground: fetcher } = latest.current;
      client.fetchQuery({ queryKey: key, queryFn: fetcher, staleTime: 0 }).catch(() => {
        // The page's own query shows load errors; a failed tick waits for the next one.
      });
    }, intervalMs);
    return () => clearInterval(timer);
  }, [client, intervalMs, enabled]);
}
