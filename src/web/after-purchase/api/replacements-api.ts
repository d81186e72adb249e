import { useQuery, useQueryClient } from '@tanstack/react-query';
import { replacementsApi } from '../../../domain/api/endpoints';
import type { MyReplacement, ReportProblemBody } from '../../../domain/api/replacements';
import { call } from '../../lib/call';
import { DASHBOARD_QUERY_KEY, MY_PANELS_QUERY_KEY } from './dashboard-api';

export type { MyReplacement } from '../../../domain/api/replacements';

// The customer's replacement requests (docs/product.md §11), owner-only on the server.

export const MY_REPLACEMENTS_QUERY_KEY = ['me', 'replacements'] as const;

/** The requests, newest first; every dashboard visit asks again (a replacement since the last). */
export function useMyReplacements() {
  return useQuery({
    queryKey: MY_REPLACEMENTS_QUERY_KEY,
    queryFn: () => call(replacementsApi.mine),
    refetchOnMount: 'always',
  });
}

/** The open request of each panel that has one. */
export function openRequestsByPanel(requests: readonly MyReplacement[] | undefined) {
  return new Map((requests ?? []).filter((r) => r.status === 'open').map((r) => [r.panelId, r]));
}

/** Reports a problem; the lists on the dashboard then load again. */
export function useReportProblem() {
  const client = useQueryClient();
  return async (panelId: number, body: ReportProblemBody) => {
    const created = await call(replacementsApi.report, { params: { panelId }, body });
    await Promise.all([
      client.invalidateQueries({ queryKey: MY_REPLACEMENTS_QUERY_KEY }),
      client.invalidateQueries({ queryKey: MY_PANELS_QUERY_KEY }),
      client.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
    ]);
    return created;
  };
}
