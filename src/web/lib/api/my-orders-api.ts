import { myOrdersApi } from '../../../domain/api/endpoints';
import type { OrderStatus } from '../../../domain/status';
import { type CallResult, call } from '../call';

// The customer's own orders: the list, and reopening a card checkout.

export type { MyInvoice, MyOrder } from '../../../domain/api/orders';

// The shape every paged list on screen takes (the pager, paged selection).
const asListPage = ({ orders, ...facts }: CallResult<typeof myOrdersApi.page>) => ({
  items: orders,
  ...facts,
  totalIsEstimate: false,
});
export type MyOrdersPage = ReturnType<typeof asListPage>;

/** One page of the customer's orders (10, newest first), every status unless one is asked for. */
export async function fetchMyOrders(
  query: { page?: number; status?: OrderStatus | undefined },
  options: { background?: boolean } = {},
): Promise<MyOrdersPage> {
  const page = await call(myOrdersApi.page, {
    query: { page: query.page, status: query.status },
    background: options.background === true,
  });
  return asListPage(page);
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
  return (await call(myOrdersApi.resumeCheckout, { params: { orderId } })).url;
}
