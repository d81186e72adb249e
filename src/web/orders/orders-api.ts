import { z } from 'zod';
import type { PlanId } from '../../domain/plans';
import type { CheckoutMethod } from '../../domain/pricing';
import { ORDER_STATUSES } from '../../domain/status';
import { api } from '../lib/api';

// The order and payment endpoints this area calls. Every response is checked against a
// schema: a page never renders a shape it did not verify.

// url and orderId are optional here on purpose: a response without a url is a case the
// order page must handle with the spec's own message, not a parse error.
const checkoutResponseSchema = z.object({
  url: z.string().nullish(),
  orderId: z.number().nullish(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** The server prices the selection itself (D4); no amount is ever sent. */
export function startCheckout(body: {
  planId: PlanId;
  additionalPanels: number;
  method: CheckoutMethod;
}): Promise<CheckoutResponse> {
  return api('/api/checkout', { body, schema: checkoutResponseSchema });
}

export const SANDBOX_SESSION_STATUSES = ['open', 'paid', 'canceled', 'expired'] as const;

const sandboxSessionSchema = z.object({
  sessionId: z.string(),
  orderId: z.number(),
  planName: z.string(),
  additionalPanels: z.number(),
  quantity: z.number(),
  totalCents: z.number(),
  status: z.enum(SANDBOX_SESSION_STATUSES),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;

const redirectSchema = z.object({ redirectUrl: z.string() });

export function getSandboxSession(sessionId: string): Promise<SandboxSession> {
  return api(`/api/sandbox/sessions/${encodeURIComponent(sessionId)}`, { schema: sandboxSessionSchema });
}

export async function paySandboxSession(sessionId: string): Promise<string> {
  const path = `/api/sandbox/sessions/${encodeURIComponent(sessionId)}/pay`;
  return (await api(path, { method: 'POST', schema: redirectSchema })).redirectUrl;
}

export async function cancelSandboxSession(sessionId: string): Promise<string> {
  const path = `/api/sandbox/sessions/${encodeURIComponent(sessionId)}/cancel`;
  return (await api(path, { method: 'POST', schema: redirectSchema })).redirectUrl;
}

export interface PaymentIds {
  sessionId: string | null;
  orderId: string | null;
}

export async function verifyPayment({ sessionId, orderId }: PaymentIds): Promise<boolean> {
  const body = { sessionId, orderId };
  return (await api('/api/payments/verify', { body, schema: z.object({ success: z.boolean() }) })).success;
}

export async function getOrderStatus(orderId: string): Promise<string> {
  const path = `/api/orders/${encodeURIComponent(orderId)}/status`;
  return (await api(path, { schema: z.object({ status: z.string() }) })).status;
}

export async function getPaymentStatusBySession(sessionId: string): Promise<string | null> {
  const path = `/api/payments/by-session/${encodeURIComponent(sessionId)}`;
  return (await api(path, { schema: z.object({ paymentStatus: z.string().nullable() }) })).paymentStatus;
}

/** Marks an unpaid order canceled; a paid order keeps its status (the server decides). */
export async function abandonOrder(orderId: string): Promise<void> {
  await api(`/api/orders/${encodeURIComponent(orderId)}/abandon`, { method: 'POST' });
}

const myOrderSchema = z.object({
  id: z.number(),
  planId: z.string(),
  additionalPanels: z.number(),
  quantity: z.number(),
  totalCents: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  createdAt: z.string(),
  delivered: z.number(),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export async function listMyOrders(options: { background?: boolean } = {}): Promise<MyOrder[]> {
  const schema = z.object({ orders: z.array(myOrderSchema) });
  return (await api('/api/me/orders', { schema, background: options.background === true })).orders;
}

export const MY_ORDERS_QUERY_KEY = ['me', 'orders'] as const;
