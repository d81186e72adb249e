import { adminReplacementsApi } from '../../../domain/api/admin/endpoints';
import type { ReplacementRequestStatus } from '../../../domain/status';
import { call } from '../../lib/call';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

export type { AdminReplacement } from '../../../domain/api/replacements';

/** The queue: open requests oldest first, or the decided ones of one status. */
export const replacementsQuery = (status: ReplacementRequestStatus) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'replacements', status],
  queryFn: () => call(adminReplacementsApi.queue, { query: { status } }),
});

export function replacePanel(id: number) {
  return call(adminReplacementsApi.replace, { params: { id } });
}

export function rejectReplacement(id: number, reason: string) {
  return call(adminReplacementsApi.reject, { params: { id }, body: { reason } });
}
