import {
  CHECKOUT_SESSION_FAILED,
  CHECKOUT_START_FAILED,
  CHECKOUT_URL_MISSING,
  ORDER_FAILED,
} from '../../../domain/messages';
import { ApiRequestError } from '../../lib/api';
import { CheckoutError } from '../api/orders-api';

/** What the order page shows when 'Proceed to Payment' does not reach a checkout. */
type CheckoutFailure =
  /** The session ended: the 'Authentication required' toast with its Login action. */
  | { kind: 'sign-in' }
  /** A toast, and for a missing url also the text under the total. */
  | { kind: 'toast'; title: string; description: string; inline: string | null };

/**
 * docs/product.md §8, order screen: no url gives 'Unable to generate checkout URL…' on the page and
 * the toast 'Unable to start checkout process' (its description says why: 'Invalid response
 * from payment provider'); any other failure is 'Order failed' with the error's text, which is
 * 'Failed to create checkout session' or 'Error connecting to payment provider' (orders-api.ts).
 */
export function checkoutFailure(error: unknown): CheckoutFailure {
  if (error instanceof ApiRequestError && error.status === 401) return { kind: 'sign-in' };
  if (error instanceof CheckoutError && error.kind === 'invalid-response') {
    return {
      kind: 'toast',
      title: CHECKOUT_START_FAILED,
      description: error.message,
      inline: CHECKOUT_URL_MISSING,
    };
  }
  const description = error instanceof CheckoutError ? error.message : CHECKOUT_SESSION_FAILED;
  return { kind: 'toast', title: ORDER_FAILED, description, inline: null };
}
