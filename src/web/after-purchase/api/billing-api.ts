import type { BillingSummary } from '../../../domain/api/billing';
import { billingApi } from '../../../domain/api/billing-endpoints';
import { call } from '../../lib/call';
import { pathOf } from '../../lib/endpoint-path';

// The /billing endpoints (owner-only on the server), checked against the server's own schemas.

export type { BillingSummary, PaymentRecord, RefundRequest, Subscription } from '../../../domain/api/billing';

export const BILLING_QUERY_KEY = ['me', 'billing'] as const;

export function fetchBilling(): Promise<BillingSummary> {
  return call(billingApi.summary);
}

/** Cancel at the end of the paid period (D8); the panels stay active until then. */
export async function cancelSubscription(orderId: number): Promise<void> {
  await call(billingApi.cancel, { params: { orderId } });
}

/** Undo a cancellation while the period is still running. */
export async function resumeSubscription(orderId: number): Promise<void> {
  await call(billingApi.resume, { params: { orderId } });
}

/** A one-time link into Stripe's customer portal for this order's subscription. */
export async function stripePortalUrl(orderId: number): Promise<string> {
  return (await call(billingApi.portal, { body: { orderId } })).url;
}

export async function requestRefund(orderId: number, reason: string): Promise<void> {
  await call(billingApi.refundRequest, { params: { orderId }, body: { reason } });
}

/** Same-origin, so a plain link downloads it with the session cookie. */
export function invoicePdfPath(paymentId: number): string {
  return pathOf(billingApi.invoice, { params: { paymentId } });
}
