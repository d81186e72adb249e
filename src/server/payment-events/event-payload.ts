import { z } from 'zod';
import type { PaymentEvent } from '../payments/events';

/*
 * A provider event as the intake stores it: our own words (payments/events.ts), written as
 * JSON into a jsonb column and checked again when a worker reads it back, since the column
 * is not a type. Dates travel as ISO strings.
 */

const date = z.coerce.date();
const id = z.string().min(1);

const paymentEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('checkout.completed'),
    orderId: z.number().int(),
    sessionId: z.string(),
    chargeId: id,
    amountCents: z.number().int().nonnegative(),
    customerId: z.string().nullable().optional(),
    subscriptionId: z.string().nullable().optional(),
  }),
  z.object({
    type: z.literal('checkout.expired'),
    orderId: z.number().int(),
    sessionId: z.string(),
    canceledByCustomer: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('invoice.paid'),
    subscriptionId: id,
    chargeId: id,
    amountCents: z.number().int().nonnegative(),
    periodStart: date,
    periodEnd: date,
    lines: z.array(z.object({ quantity: z.number(), unitCents: z.number() })).optional(),
    proration: z.object({ panels: z.number().int().nullable() }).optional(),
  }),
  z.object({ type: z.literal('invoice.payment_failed'), subscriptionId: id }),
  z.object({
    type: z.literal('subscription.updated'),
    subscriptionId: id,
    cancelAtPeriodEnd: z.boolean(),
    currentPeriodEnd: date.nullable(),
    renewingPanels: z.number().int().nullable().optional(),
  }),
  z.object({ type: z.literal('subscription.deleted'), subscriptionId: id }),
  z.object({
    type: z.literal('charge.refunded'),
    chargeId: id,
    fullyRefunded: z.boolean(),
    amountRefundedCents: z.number().int().nonnegative(),
  }),
]);

/** The event as the jsonb column takes it (dates become ISO strings on the way). */
export function storedPayload(event: PaymentEvent): Record<string, unknown> {
  return JSON.parse(JSON.stringify(event)) as Record<string, unknown>;
}

/** The stored event read back; null when the row holds something this code cannot read. */
export function readPayload(payload: unknown): PaymentEvent | null {
  const parsed = paymentEventSchema.safeParse(payload);
  return parsed.success ? (parsed.data as PaymentEvent) : null;
}
