import { z } from 'zod';
import { CANCEL_REASONS } from '../../../domain/cancel-reasons';
import {
  ORDER_STATUSES,
  type OrderStatus,
  PANEL_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../../../domain/status';
import { api } from '../../lib/api';
import { withQuery } from './list-query';
import { ADMIN_QUERY_KEY, pageSchema } from './page-schema';

const customerSchema = z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable();

const orderSchema = z.object({
  id: z.number(),
  /** null once the customer deleted their account (orders are kept for accounting, D9). */
  customer: customerSchema,
  planId: z.string(),
  quantity: z.number(),
  delivered: z.number(),
  totalCents: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof orderSchema>;

export const ORDER_SORTS = ['newest', 'oldest'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export interface OrderFilter {
  search?: string | undefined;
  status?: OrderStatus | undefined;
}

export const ordersQuery = (filter: OrderFilter & { page: number; sort: OrderSort }) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'orders', filter],
  queryFn: () => api(withQuery('/api/admin/orders', { ...filter }), { schema: pageSchema(orderSchema) }),
});

/** "Export all matching": the server streams every order the filter matches (D12). */
export const ordersExportPath = (filter: OrderFilter) => withQuery('/api/admin/orders/export', { ...filter });

const actorSchema = z.object({ id: z.string().nullable(), email: z.string().nullable() }).nullable();

const detailSchema = z.object({
  order: z.object({
    id: z.number(),
    userId: z.string().nullable(),
    planId: z.string(),
    additionalPanels: z.number(),
    quantity: z.number(),
    totalCents: z.number(),
    status: z.enum(ORDER_STATUSES),
    paymentMethod: z.string(),
    provider: z.string(),
    subscriptionStatus: z.string(),
    currentPeriodStart: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    cancelReason: z.enum(CANCEL_REASONS).nullable(),
  }),
  customer: customerSchema,
  payments: z.array(
    z.object({
      id: z.number(),
      invoice: z.string().nullable(),
      amountCents: z.number(),
      status: z.enum(PAYMENT_STATUSES),
      method: z.enum(PAYMENT_METHODS),
      providerChargeId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  panels: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      status: z.enum(PANEL_STATUSES),
      purchaseDate: z.string().nullable(),
    }),
  ),
  refundRequests: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      reason: z.string(),
      decisionNote: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  history: z.array(
    z.object({
      at: z.string(),
      event: z.string(),
      actor: actorSchema,
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});
export type OrderDetail = z.infer<typeof detailSchema>;

export const orderDetailQuery = (id: number) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'order', id],
  queryFn: () => api(`/api/admin/orders/${id}`, { schema: detailSchema }),
});

export function cancelOrder(id: number) {
  return api(`/api/admin/orders/${id}/cancel`, { method: 'POST', schema: z.object({ status: z.string() }) });
}

export function markOrderPaid(id: number) {
  return api(`/api/admin/orders/${id}/mark-paid`, {
    method: 'POST',
    schema: z.object({ paid: z.boolean() }),
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
    schema: z.object({
      recorded: z.boolean(),
      periodEnd: z.string().nullable(),
      invoice: z.string().nullable(),
    }),
  });
}
