import { replacementQueueSchema, replaceOutcomeSchema } from '../../../domain/api/replacements';
import type { ReplacementRequestStatus } from '../../../domain/status';
import { api } from '../../lib/api';
import { ADMIN_QUERY_KEY } from './page-schema';

export type { AdminReplacement } from '../../../domain/api/replacements';

/** The queue: open requests oldest first, or the decided ones of one status. */
export const replacementsQuery = (status: ReplacementRequestStatus) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'replacements', status],
  queryFn: () => api(`/api/admin/replacements?status=${status}`, { schema: replacementQueueSchema }),
});

export function replacePanel(id: number) {
  return api(`/api/admin/replacements/${id}/replace`, { method: 'POST', schema: replaceOutcomeSchema });
}

export function rejectReplacement(id: number, reason: string) {
  return api(`/api/admin/replacements/${id}/reject`, {
    body: { reason },
    schema: replaceOutcomeSchema.pick({ message: true }),
  });
}
