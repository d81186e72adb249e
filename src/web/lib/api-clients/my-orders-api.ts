import type { z } from 'zod';
import { checkoutUrlSchema, myOrdersPageSchema } from '../../../domain/api/orders';
import type { OrderStatus } from '../../../domain/status';
import { api } from '../api';

// The customer's own orders: the list, and reopening a card checkout.

export type { MyInvoice, MyOrder } from '../../../domain/api/orders';

// The shape every paged list on screen takes (the pager, paged selection).
const myOrdersListSchema = myOrdersPageSchema.transform(({ orders, ...facts }) => ({
  items: orders,
  ...facts,
  totalIsEstimate: false,
}));
export type MyOrdersPage = z.output<typeof myOrdersListSchema>;

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
  return api(path, { schema: myOrdersListSchema, background: options.background === true });
}

export const MY_ORDERS_QUERY_KEY = ['me', 'orders'] as const;

export const myOrdersQuery = (query: { page: number; status?: OrderStatus | undefined }) => ({
  queryKey: [...MY_ORDERS_QUERY_KEY, 'page', query],
  queryFn: () => fetchMyOrders(query),
  // Customers come here right after paying or canceling: every visit asks again.
  refetchOnMount: 'always' as const,
});

/** The provider's checkout of a card order still waiting for payment, while it is open. */
export async function resumeOrderCheckout(orderId: number): Promise<string> {
  const path = `/api/me/orders/${encodeURIComponent(orderId)}/checkout`;
  return (await api(path, { method: 'POST', schema: checkoutUrlSchema })).url;
}
