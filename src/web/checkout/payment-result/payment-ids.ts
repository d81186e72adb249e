import { orderIdLabel } from '../../../domain/messages';
import type { PaymentIds } from '../api/orders-api';

const ORDER_ID = /^\d{1,12}$/;
const SESSION_ID = /^[\w-]{1,200}$/;

const orderIdOrNull = (value: string | null | undefined) => (value && ORDER_ID.test(value) ? value : null);

/**
 * The ids of /payment-success (docs/product.md §2): session_id and order_id from the query,
 * order_id falling back to the current order kept in session storage. Values that cannot be
 * ids are dropped here instead of turning into a 400 later.
 */
export function paymentIdsFrom(query: URLSearchParams, storedOrderId: string | null): PaymentIds {
  const session = query.get('session_id');
  return {
    sessionId: session && SESSION_ID.test(session) ? session : null,
    orderId: orderIdOrNull(query.get('order_id')) ?? orderIdOrNull(storedOrderId),
  };
}

/** The /payment-canceled query's order, when it has a usable one. */
export function canceledOrderIdFrom(query: URLSearchParams): string | null {
  return orderIdOrNull(query.get('order_id'));
}

/**
 * 'Order ID: 42', the footer's reference. The order number only: a session id is the payment
 * provider's (`cs_sandbox_...`), meaningless to the customer, so without an order nothing is shown.
 */
export function paymentReference({ orderId }: PaymentIds): string | null {
  return orderId ? orderIdLabel(orderId) : null;
}
