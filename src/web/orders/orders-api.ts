import { z } from 'zod';
import { CANCEL_REASONS } from '../../domain/cancel-reasons';
import {
  CHECKOUT_CONNECTION_ERROR,
  CHECKOUT_INVALID_RESPONSE,
  CHECKOUT_SESSION_FAILED,
} from '../../domain/messages';
import { type PaymentInstructions, paymentInstructionsSchema } from '../../domain/payment-details';
import type { PlanId } from '../../domain/plans';
import type { CheckoutMethod } from '../../domain/pricing';
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES } from '../../domain/status';
import { ApiInvalidResponseError, ApiNetworkError, ApiRequestError, api } from '../lib/api';
import { isExternalCheckoutUrl, isSitePath } from './checkout/safe-redirect';

// The order and payment endpoints this area calls. Every response is checked against a
// schema: a page never renders a shape it did not verify.

// url and orderId are optional here on purpose: a response without a url is a case the
// order page must handle with the spec's own message, not a parse error.
const checkoutResponseSchema = z.object({
  url: z.string().nullish(),
  orderId: z.number().nullish(),
});

/** A checkout that could not be opened, with the spec's text for why (section 8). */
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

/** The server's own words for a request it refused (a bad selection, a method not offered); else the spec's. */
function refusalText(error: ApiRequestError): string {
  const ownMessage = error.code !== 'http_error' && error.status < 500;
  return ownMessage && error.message ? error.message : CHECKOUT_SESSION_FAILED;
}

/**
 * Opens a checkout for the selection. The server prices it (D4); no amount is ever sent.
 * Resolves with a url the browser may follow (a path of ours, or the provider's https page);
 * fails with a CheckoutError carrying the spec's text, or with the ApiRequestError of a 401
 * (the session ended), which the order page answers with its login prompt.
 */
export async function startCheckout(body: {
  planId: PlanId;
  additionalPanels: number;
  method: CheckoutMethod;
}): Promise<{ url: string; orderId: number | null }> {
  let reply: z.infer<typeof checkoutResponseSchema>;
  try {
    reply = await api('/api/checkout', { body, schema: checkoutResponseSchema });
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
  if (!url || !(isSitePath(url) || isExternalCheckoutUrl(url))) {
    throw new CheckoutError('invalid-response', CHECKOUT_INVALID_RESPONSE);
  }
  return { url, orderId: orderId ?? null };
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

/** Where and how much to pay for a bank transfer or crypto order (owner only; 404 otherwise). */
export function getPaymentInstructions(orderId: string): Promise<PaymentInstructions> {
  const path = `/api/orders/${encodeURIComponent(orderId)}/payment-instructions`;
  return api(path, { schema: paymentInstructionsSchema });
}

export const paymentInstructionsQueryKey = (orderId: string) =>
  [...MY_ORDERS_QUERY_KEY, 'instructions', orderId] as const;

/** Marks an unpaid order canceled; a paid order keeps its status (the server decides). */
export async function abandonOrder(orderId: string): Promise<void> {
  await api(`/api/orders/${encodeURIComponent(orderId)}/abandon`, { method: 'POST' });
}

const invoiceSchema = z.object({
  /** The payment's id: the PDF's address takes it. */
  id: z.number(),
  /** 'INV-0001' (D4). */
  invoice: z.string(),
  date: z.string(),
  amountCents: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  pdfPath: z.string(),
});
export type MyInvoice = z.infer<typeof invoiceSchema>;

const myOrderSchema = z.object({
  id: z.number(),
  planId: z.string(),
  planName: z.string(),
  additionalPanels: z.number(),
  quantity: z.number(),
  totalCents: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Why a never-paid order was canceled; null otherwise (or for orders canceled before it was kept). */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  delivered: z.number(),
  /** A bank transfer or crypto order waiting for payment: its instructions page. */
  instructionsPath: z.string().nullable(),
  /** A card order waiting for payment: resumeCheckout() may reopen its checkout. */
  resumeCheckout: z.boolean(),
  /** A paid, completed or refunded order's invoices, newest first. */
  invoices: z.array(invoiceSchema),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

const myOrdersPageSchema = z
  .object({
    orders: z.array(myOrderSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    pageCount: z.number(),
  })
  // The shape every paged list on screen takes (the pager, paged selection).
  .transform(({ orders, ...facts }) => ({ items: orders, ...facts, totalIsEstimate: false }));
export type MyOrdersPage = z.output<typeof myOrdersPageSchema>;

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
  return api(path, { schema: myOrdersPageSchema, background: options.background === true });
}

export const MY_ORDERS_QUERY_KEY = ['me', 'orders'] as const;

export const myOrdersQuery = (query: { page: number; status?: OrderStatus | undefined }) => ({
  queryKey: [...MY_ORDERS_QUERY_KEY, 'page', query],
  queryFn: () => fetchMyOrders(query),
  // Customers come here right after paying or canceling: every visit asks again.
  refetchOnMount: 'always' as const,
});

/** One of the customer's orders; another customer's answers 404. */
export function getMyOrder(orderId: string): Promise<MyOrder> {
  return api(`/api/me/orders/${encodeURIComponent(orderId)}`, { schema: myOrderSchema });
}

/** The provider's checkout of a card order still waiting for payment, while it is open. */
export async function resumeOrderCheckout(orderId: number): Promise<string> {
  const path = `/api/me/orders/${encodeURIComponent(orderId)}/checkout`;
  return (await api(path, { method: 'POST', schema: z.object({ url: z.string() }) })).url;
}
