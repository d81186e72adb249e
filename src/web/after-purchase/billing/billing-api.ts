import { type BillingSummary, billingPortalSchema, billingSummarySchema } from '../../../domain/api/billing';
import { api } from '../../lib/api';

// The /billing endpoints (owner-only on the server), checked against the server's own schemas.

export type { BillingSummary, PaymentRecord, RefundRequest, Subscription } from '../../../domain/api/billing';

export const BILLING_QUERY_KEY = ['me', 'billing'] as const;

export function fetchBilling(): Promise<BillingSummary> {
  return api('/api/me/billing', { schema: billingSummarySchema });
}

const orderPath = (orderId: number) => `/api/me/subscriptions/${encodeURIComponent(orderId)}`;

/** Cancel at the end of the paid period (D8); the panels stay active until then. */
export async function cancelSubscription(orderId: number): Promise<void> {
  await api(`${orderPath(orderId)}/cancel`, { method: 'POST' });
}

/** Undo a cancellation while the period is still running. */
export async function resumeSubscription(orderId: number): Promise<void> {
  await api(`${orderPath(orderId)}/resume`, { method: 'POST' });
}

/** A one-time link into Stripe's customer portal for this order's subscription. */
export async function stripePortalUrl(orderId: number): Promise<string> {
  return (await api('/api/me/billing/portal', { body: { orderId }, schema: billingPortalSchema })).url;
}

export async function requestRefund(orderId: number, reason: string): Promise<void> {
  await api(`/api/me/orders/${encodeURIComponent(orderId)}/refund-request`, { body: { reason } });
}

/** Same-origin, so a plain link downloads it with the session cookie. */
export function invoicePdfPath(paymentId: number): string {
  return `/api/me/invoices/${encodeURIComponent(paymentId)}/pdf`;
}
