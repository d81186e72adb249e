import { z } from 'zod';
import { formatCents } from '../format';
import { rowIdParamSchema, rowIdSchema, safeText } from '../input-bounds';
import { CUSTOMER_REFUND_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, SUBSCRIPTION_STATUSES } from '../status';

// The customer's after-purchase API (D7, D8, D12): the server declares these schemas and the
// web app checks every answer against the same ones.

export const dashboardSummarySchema = z.object({
  stats: z.object({
    activePanels: z.number(),
    completedOrders: z.number(),
    processingOrders: z.number(),
    totalPurchases: z.number(),
  }),
  processing: z.array(
    z.object({
      orderId: z.number(),
      orderDate: z.string(),
      missing: z.number(),
      deadline: z.string(),
      /** 1 for the next order allocation serves: waiting orders are served oldest payment first. */
      queuePlace: z.number().int(),
    }),
  ),
  /** Expired and refunded panels, listed apart (GET /api/me/panels/past). */
  pastPanels: z.number(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export type ProcessingOrder = DashboardSummary['processing'][number];

const paymentRecordSchema = z.object({
  id: z.number(),
  invoice: z.string(),
  date: z.string(),
  /** The panels the payment paid for: the order's at first, the panels renewed later. */
  items: z.number(),
  amountCents: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.string(),
  orderId: z.number(),
  /** The credit note of a refunded payment (docs/decisions/0013), downloadable like its invoice. */
  creditNote: z.object({ id: z.number(), label: z.string() }).nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const subscriptionSchema = z.object({
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
  /** Panels the next renewal pays for (docs/decisions/0017); 0 once nothing renews. */
  renewingPanels: z.number().int().nonnegative(),
  /** What that renewal costs before any credit, in cents. */
  renewalPriceCents: z.number().int().nonnegative(),
  refundable: z.boolean(),
  /** A late-delivery credit waiting for the next renewal (docs/product.md §10); 0 when none. */
  pendingCreditCents: z.number().int().nonnegative(),
  refundRequest: z
    .object({ status: z.enum(CUSTOMER_REFUND_STATUSES), createdAt: z.string(), note: z.string().nullable() })
    .nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The subscription's line for a pending late-delivery credit. */
export const pendingCreditText = (cents: number) => `${formatCents(cents)} credit on your next renewal`;
export type RefundRequest = NonNullable<Subscription['refundRequest']>;

export const billingSummarySchema = z.object({
  totalSpentCents: z.number(),
  totalOrders: z.number(),
  lastPurchaseAt: z.string().nullable(),
  history: z.array(paymentRecordSchema),
  subscriptions: z.array(subscriptionSchema),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const invoiceParamsSchema = z.strictObject({ paymentId: rowIdParamSchema });
export const creditNoteParamsSchema = z.strictObject({ creditNoteId: rowIdParamSchema });

export const cancelAtPeriodEndSchema = z.object({ cancelAtPeriodEnd: z.boolean() });

export const billingPortalBodySchema = z.strictObject({ orderId: rowIdSchema });
export const billingPortalSchema = z.object({ url: z.string() });

export const refundRequestBodySchema = z.strictObject({
  reason: safeText(1000, {
    multiline: true,
    trim: true,
    min: 1,
    messages: { tooShort: 'Please tell us why you would like a refund.' },
  }),
});
export const refundRequestCreatedSchema = z.object({ id: z.number(), status: z.string() });
