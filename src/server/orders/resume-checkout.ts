import { ApiError, conflict } from '../http/errors';
import { cancelUnpaidOrder } from '../lifecycle/order-moves';
import type { CheckoutDeps } from './checkout';
import { ownOrder } from './own-order';

/**
 * The open checkout of a card order waiting for payment, so a customer who left the
 * provider's page pays the same order instead of starting over. The provider is asked now, not when the orders list is read: a list never
 * waits on Stripe. A checkout the provider has closed (expired, canceled, unknown) cannot be
 * paid any more, so the order becomes canceled, as the expiry event would have made it (D5).
 */
export async function resumeCheckout(
  deps: CheckoutDeps,
  workspaceId: string,
  orderId: number,
): Promise<string> {
  const order = await ownOrder(deps.db, orderId, workspaceId);
  if (order.status !== 'pending_payment' || order.provider === 'manual' || !order.providerSessionId) {
    throw conflict('This order is not waiting for a card payment.', 'not_awaiting_card_payment');
  }
  const provider = deps.providers.card?.name === order.provider ? deps.providers.card : null;
  let state: Awaited<ReturnType<NonNullable<typeof provider>['retrieveCheckout']>> = null;
  if (provider) {
    try {
      state = await provider.retrieveCheckout(order.providerSessionId);
    } catch (error) {
      deps.log.error({ err: error, orderId }, 'could not read the checkout from the payment provider');
      throw new ApiError(
        502,
        'provider_unavailable',
        'The payment provider did not answer. Please try again.',
      );
    }
  }
  if (state?.status === 'open' && state.url) return state.url;
  if (state?.status === 'paid') {
    throw conflict(
      'This order is already paid; it shows as processing in a moment.',
      'checkout_already_paid',
    );
  }
  await cancelUnpaidOrder(deps.db, order.id, 'checkout_expired', { cause: 'customer', at: deps.now() });
  throw conflict('This checkout is no longer open. Start a new order instead.', 'checkout_closed');
}
