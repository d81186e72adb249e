import { z } from 'zod';
import { CANCEL_REASONS } from '../../../domain/cancel-reasons';
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES } from '../../../domain/status';
import { api } from '../api';

// The customer's own orders: the list, one order, and reopening a card checkout.

const invoiceSchema = z.object({
  /** The payment's id: the PDF's address takes it. */
  id: z.number(),
  /** 'INV-0001' (D4). */
  invoice: z.string(),
  date: z.string(),
  amountCents: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  pdfPath: z.string(),
});
export type MyInvoice = z.infer<typeof invoiceSchema>;

const myOrderSchema = z.object({
  id: z.number(),
  planId: z.string(),
  planName: z.string(),
  additionalPanels: z.number(),
  quantity: z.number(),
  totalCents: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Why a never-paid order was canceled; null otherwise (or for orders canceled before it was kept). */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  delivered: z.number(),
  /** A bank transfer or crypto order waiting for payment: its instructions page. */
  instructionsPath: z.string().nullable(),
  /** A card order waiting for payment: resumeCheckout() may reopen its checkout. */
  resumeCheckout: z.boolean(),
  /** A paid, completed or refunded order's invoices, newest first. */
  invoices: z.array(invoiceSchema),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

const myOrdersPageSchema = z
  .object({
    orders: z.array(myOrderSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    pageCount: z.number(),
  })
  // The shape every paged list on screen takes (the pager, paged selection).
  .transform(({ orders, ...facts }) => ({ items: orders, ...facts, totalIsEstimate: false }));
export type MyOrdersPage = z.output<typeof myOrdersPageSchema>;

/** One page of the customer's orders (10, newest first), every status unless one is asked for. */
export function fetchMyOrders(
  query: { page?: number; status?: OrderStatus | undefined },
  options: { background?: boolean } = {},
): Promise<MyOrdersPage> {
  const params = new URLSearchParams();
  if (query.page !== undefined && query.page > 1) params.set('page', String(query.page));
  if (query.status) params.set('status', query.status);
  const text = params.toString();
  const path = text ? `/api/me/orders?${text}` : '/api/me/orders';
  return api(path, { schema: myOrdersPageSchema, background: options.background === true });
}

export const MY_ORDERS_QUERY_KEY = ['me', 'orders'] as const;

export const myOrdersQuery = (query: { page: number; status?: OrderStatus | undefined }) => ({
  queryKey: [...MY_ORDERS_QUERY_KEY, 'page', query],
  queryFn: () => fetchMyOrders(query),
  // Customers come here right after paying or canceling: every visit asks again.
  refetchOnMount: 'always' as const,
});

/** One of the customer's orders; another customer's answers 404. */
export function getMyOrder(orderId: string): Promise<MyOrder> {
  return api(`/api/me/orders/${encodeURIComponent(orderId)}`, { schema: myOrderSchema });
}

/** The provider's checkout of a card order still waiting for payment, while it is open. */
export async function resumeOrderCheckout(orderId: number): Promise<string> {
  const path = `/api/me/orders/${encodeURIComponent(orderId)}/checkout`;
  return (await api(path, { method: 'POST', schema: z.object({ url: z.string() }) })).url;
}
