import { ordersApi } from '../../../domain/api/endpoints';
import { paymentsApi, sandboxCheckoutApi } from '../../../domain/api/payment-endpoints';
import type { SandboxSession } from '../../../domain/api/payments';
import {
  CHECKOUT_CONNECTION_ERROR,
  CHECKOUT_INVALID_RESPONSE,
  CHECKOUT_SESSION_FAILED,
} from '../../../domain/messages';
import type { PaymentInstructions } from '../../../domain/payment-details';
import type { PlanId } from '../../../domain/plans';
import type { CheckoutMethod } from '../../../domain/pricing';
import { ApiInvalidResponseError, ApiNetworkError, ApiRequestError } from '../../lib/api';
import { MY_ORDERS_QUERY_KEY } from '../../lib/api/my-orders-api';
import { type CallResult, call } from '../../lib/call';
import { isExternalCheckoutUrl, isSitePath } from '../payment/safe-redirect';

// The order and payment endpoints this area calls. Every response is checked against a
// schema: a page never renders a shape it did not verify.

/** A checkout that could not be opened, with the text for why from docs/product.md §8. */
export class CheckoutError extends Error {
  constructor(
    /** 'invalid-response': no usable url; 'failed': the server refused; 'connection': no answer. */
    readonly kind: 'invalid-response' | 'failed' | 'connection',
    message: string,
  ) {
    super(message);
    this.name = 'CheckoutError';
  }
}

/** The server's own words for a request it refused (a bad selection, a method not offered); else the documented one. */
function refusalText(error: ApiRequestError): string {
  const ownMessage = error.code !== 'unknown' && error.status < 500;
  return ownMessage && error.message ? error.message : CHECKOUT_SESSION_FAILED;
}

/**
 * Opens a checkout for the selection. The server prices it (D4); no amount is ever sent.
 * Resolves with a url the browser may follow (a path of ours, or the provider's https page);
 * fails with a CheckoutError carrying the documented text, or with the ApiRequestError of a 401
 * (the session ended), which the order page answers with its login prompt.
 */
export async function startCheckout(body: {
  planId: PlanId;
  additionalPanels: number;
  method: CheckoutMethod;
}): Promise<{ url: string; orderId: number }> {
  let reply: CallResult<typeof ordersApi.checkout>;
  try {
    // An answer without a usable url fails the declared schema: ApiInvalidResponseError below,
    // which the order page reads as its documented missing-url text.
    reply = await call(ordersApi.checkout, { body });
  } catch (error) {
    if (error instanceof ApiRequestError) {
      if (error.status === 401) throw error;
      throw new CheckoutError('failed', refusalText(error));
    }
    if (error instanceof ApiInvalidResponseError) {
      throw new CheckoutError('invalid-response', CHECKOUT_INVALID_RESPONSE);
    }
    if (error instanceof ApiNetworkError) throw new CheckoutError('connection', CHECKOUT_CONNECTION_ERROR);
    throw error;
  }
  const { url, orderId } = reply;
  if (!(isSitePath(url) || isExternalCheckoutUrl(url))) {
    throw new CheckoutError('invalid-response', CHECKOUT_INVALID_RESPONSE);
  }
  return { url, orderId };
}

export type { SandboxSession } from '../../../domain/api/payments';

export function getSandboxSession(sessionId: string): Promise<SandboxSession> {
  return call(sandboxCheckoutApi.session, { params: { sessionId } });
}

export async function paySandboxSession(sessionId: string): Promise<string> {
  return (await call(sandboxCheckoutApi.pay, { params: { sessionId } })).redirectUrl;
}

export async function cancelSandboxSession(sessionId: string): Promise<string> {
  return (await call(sandboxCheckoutApi.cancel, { params: { sessionId } })).redirectUrl;
}

export interface PaymentIds {
  sessionId: string | null;
  orderId: string | null;
}

export async function verifyPayment({ sessionId, orderId }: PaymentIds): Promise<boolean> {
  return (await call(paymentsApi.verify, { body: { sessionId, orderId } })).success;
}

export async function getOrderStatus(orderId: string): Promise<string> {
  return (await call(ordersApi.status, { params: { id: orderId } })).status;
}

export async function getPaymentStatusBySession(sessionId: string): Promise<string | null> {
  return (await call(ordersApi.paymentStatusOfSession, { params: { sessionId } })).paymentStatus;
}

/** Where and how much to pay for a bank transfer or crypto order (owner only; 404 otherwise). */
export function getPaymentInstructions(orderId: string): Promise<PaymentInstructions> {
  return call(paymentsApi.instructions, { params: { id: orderId } });
}

export const paymentInstructionsQueryKey = (orderId: string) =>
  [...MY_ORDERS_QUERY_KEY, 'instructions', orderId] as const;

/** Marks an unpaid order canceled; a paid order keeps its status (the server decides). */
export async function abandonOrder(orderId: string): Promise<void> {
  await call(ordersApi.abandon, { params: { id: orderId } });
}
