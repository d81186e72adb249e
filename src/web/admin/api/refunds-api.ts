import { adminRefundsApi } from '../../../domain/api/admin/endpoints';
import type { RefundFilter } from '../../../domain/api/admin/refunds';
import { call } from '../../lib/call';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

export type { RefundFilter, RefundRequest } from '../../../domain/api/admin/refunds';

export const refundsQuery = (status: RefundFilter | undefined) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'refunds', status ?? 'all'],
  queryFn: () => call(adminRefundsApi.page, { query: { status } }),
});

export function approveRefund(id: number) {
  return call(adminRefundsApi.approve, { params: { id } });
}

export function denyRefund(id: number, note: string) {
  return call(adminRefundsApi.deny, { params: { id }, body: { note } });
}
