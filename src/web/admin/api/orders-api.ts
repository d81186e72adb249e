import { adminCreditNotesApi, adminOrdersApi } from '../../../domain/api/admin/endpoints';
import type { OrderSort } from '../../../domain/api/admin/orders';
import type { OrderStatus } from '../../../domain/status';
import { call } from '../../lib/call';
import { pathOf } from '../../lib/endpoint-path';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

export type { AdminOrder, OrderDetail, OrderSort } from '../../../domain/api/admin/orders';

export interface OrderFilter {
  search?: string | undefined;
  status?: OrderStatus | undefined;
}

export const ordersQuery = (filter: OrderFilter & { page: number; sort: OrderSort }) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'orders', filter],
  queryFn: () => call(adminOrdersApi.page, { query: filter }),
});

/** "Export all matching": the server streams every order the filter matches (D12). */
export const ordersExportPath = (filter: OrderFilter) =>
  pathOf(adminOrdersApi.export, { query: { search: filter.search, status: filter.status } });

/** A payment's credit note as a PDF: same-origin, so a plain link downloads it with the session cookie. */
export const creditNotePdfPath = (creditNoteId: number) =>
  pathOf(adminCreditNotesApi.pdf, { params: { creditNoteId } });

export const orderDetailQuery = (id: number) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'order', id],
  queryFn: () => call(adminOrdersApi.one, { params: { id } }),
});

export function cancelOrder(id: number) {
  return call(adminOrdersApi.cancel, { params: { id } });
}

export function markOrderPaid(id: number) {
  return call(adminOrdersApi.markPaid, { params: { id } });
}

/**
 * Records a bank transfer or crypto renewal that arrived (D8): a new invoice and one more
 * month. `forPeriodEnd` is the period end the admin saw, so a repeat records nothing.
 */
export function recordRenewal(
  id: number,
  body: { amountCents: number; reference?: string; forPeriodEnd: string },
) {
  return call(adminOrdersApi.recordRenewal, { params: { id }, body });
}

/**
 * Records the bank transfer or crypto payment of panels a customer asked to add: the panels are
 * given from stock and the order raised; a repeat records nothing.
 */
export function recordPanelAddition(id: number, additionId: number, body: { reference?: string }) {
  return call(adminOrdersApi.recordPanelAddition, { params: { id, additionId }, body });
}
