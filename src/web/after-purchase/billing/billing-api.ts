import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../domain/status';
import { api } from '../../lib/api';

// The /billing endpoints (owner-only on the server), checked against these schemas.

const paymentSchema = z.object({
  id: z.number(),
  invoice: z.string(),
  date: z.string(),
  items: z.number(),
  amountCents: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.string(),
  orderId: z.number(),
});
export type PaymentRecord = z.infer<typeof paymentSchema>;

export const SUBSCRIPTION_STATUSES = ['inactive', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const subscriptionSchema = z.object({
  orderId: z.number(),
  planId: z.string(),
  planName: z.string(),
  quantity: z.number(),
  totalCents: z.number(),
  status: z.enum(ORDER_STATUSES),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.string(),
  currentPeriodEnd: z.string().nullable(),
  /** When it ended: a refunded one on the refund's date, an expired one at its period end. */
  endedAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  refundable: z.boolean(),
  refundRequest: z
    .object({
      status: z.enum(['requested', 'approved', 'denied']),
      createdAt: z.string(),
      note: z.string().nullable(),
    })
    .nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export type RefundRequest = NonNullable<Subscription['refundRequest']>;

const billingSchema = z.object({
  totalSpentCents: z.number(),
  totalOrders: z.number(),
  lastPurchaseAt: z.string().nullable(),
  history: z.array(paymentSchema),
  subscriptions: z.array(subscriptionSchema),
});
export type BillingSummary = z.infer<typeof billingSchema>;

export const BILLING_QUERY_KEY = ['me', 'billing'] as const;

export function fetchBilling(): Promise<BillingSummary> {
  return api('/api/me/billing', { schema: billingSchema });
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
  return (await api('/api/me/billing/portal', { body: { orderId }, schema: z.object({ url: z.string() }) }))
    .url;
}

export async function requestRefund(orderId: number, reason: string): Promise<void> {
  await api(`/api/me/orders/${encodeURIComponent(orderId)}/refund-request`, { body: { reason } });
}

/** Same-origin, so a plain link downloads it with the session cookie. */
export function invoicePdfPath(paymentId: number): string {
  return `/api/me/invoices/${encodeURIComponent(paymentId)}/pdf`;
}
