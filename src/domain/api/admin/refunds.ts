import { z } from 'zod';
import { safeText } from '../../input-bounds';
import { REFUND_REQUEST_STATUSES } from '../../status';

// The admin refund queue and its decisions (D8): declared by the server, checked by the web app.

/** A list filter: one status, or 'open' for every request not decided yet. */
export const refundFilterSchema = z.enum([...REFUND_REQUEST_STATUSES, 'open']);
export type RefundFilter = z.infer<typeof refundFilterSchema>;

export const refundQueueQuerySchema = z.object({ status: refundFilterSchema.optional() });

const refundRequestSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** When the current approval attempt claimed the request. */
  claimedAt: z.string().nullable(),
  /** The provider's message when the last approval attempt failed. */
  lastError: z.string().nullable(),
  /** The server offers 'Retry': a failed approval, or one abandoned mid-way. */
  retryable: z.boolean(),
  customerEmail: z.string().nullable(),
  totalCents: z.number(),
  paidAt: z.string().nullable(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const refundQueueSchema = z.object({ refunds: z.array(refundRequestSchema) });

export const refundDenyBodySchema = z.strictObject({
  note: safeText(1000, { multiline: true, trim: true, min: 1 }),
});

export const refundDecidedSchema = z.object({ orderId: z.number(), amountCents: z.number() });
