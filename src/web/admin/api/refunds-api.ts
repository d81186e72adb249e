import { type RefundFilter, refundDecidedSchema, refundQueueSchema } from '../../../domain/api/admin/refunds';
import { api } from '../../lib/api';
import { ADMIN_QUERY_KEY } from './page-schema';

export type { RefundFilter, RefundRequest } from '../../../domain/api/admin/refunds';

export const refundsQuery = (status: RefundFilter | undefined) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'refunds', status ?? 'all'],
  queryFn: () =>
    api(status ? `/api/admin/refunds?status=${status}` : '/api/admin/refunds', {
      schema: refundQueueSchema,
    }),
});

export function approveRefund(id: number) {
  return api(`/api/admin/refunds/${id}/approve`, { method: 'POST', schema: refundDecidedSchema });
}

export function denyRefund(id: number, note: string) {
  return api(`/api/admin/refunds/${id}/deny`, { body: { note }, schema: refundDecidedSchema });
}
