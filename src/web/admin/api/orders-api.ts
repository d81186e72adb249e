import {
  adminOrdersPageSchema,
  type OrderSort,
  orderCanceledSchema,
  orderDetailSchema,
  orderMarkedPaidSchema,
  renewalRecordedSchema,
} from '../../../domain/api/admin/orders';
import type { OrderStatus } from '../../../domain/status';
import { api } from '../../lib/api';
import { withQuery } from './list-query';
import { ADMIN_QUERY_KEY } from './page-schema';

export type { AdminOrder, OrderDetail, OrderSort } from '../../../domain/api/admin/orders';

export interface OrderFilter {
  search?: string | undefined;
  status?: OrderStatus | undefined;
}

export const ordersQuery = (filter: OrderFilter & { page: number; sort: OrderSort }) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'orders', filter],
  queryFn: () => api(withQuery('/api/admin/orders', { ...filter }), { schema: adminOrdersPageSchema }),
});

/** "Export all matching": the server streams every order the filter matches (D12). */
export const ordersExportPath = (filter: OrderFilter) => withQuery('/api/admin/orders/export', { ...filter });

export const orderDetailQuery = (id: number) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'order', id],
  queryFn: () => api(`/api/admin/orders/${id}`, { schema: orderDetailSchema }),
});

export function cancelOrder(id: number) {
  return api(`/api/admin/orders/${id}/cancel`, { method: 'POST', schema: orderCanceledSchema });
}

export function markOrderPaid(id: number) {
  return api(`/api/admin/orders/${id}/mark-paid`, {
    method: 'POST',
    schema: orderMarkedPaidSchema,
  });
}

/**
 * Records a bank transfer or crypto renewal that arrived (D8): a new invoice and one more
 * month. `forPeriodEnd` is the period end the admin saw, so a repeat records nothing.
 */
export function recordRenewal(
  id: number,
  body: { amountCents: number; reference?: string; forPeriodEnd: string },
) {
  return api(`/api/admin/orders/${id}/record-renewal`, {
    body,
    schema: renewalRecordedSchema,
  });
}
