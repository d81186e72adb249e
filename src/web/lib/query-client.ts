import { QueryClient } from '@tanstack/react-query';

// One retry before a page shows its load error; no refetch when the window regains focus, since
// pages that must stay current refresh themselves (useBackgroundRefresh); 30 s of freshness so
// moving between pages does not ask again for what was just shown.
const QUERY_DEFAULTS = {
  retry: 1,
  refetchOnWindowFocus: false,
  staleTime: 30_000,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });
}
