import { z } from 'zod';
import { apiErrorSchema } from './errors';

// What the payment providers post to their callbacks (D6), for the declarations in
// payment-endpoints.ts and the server that reads them. Each event arrives signed over its exact
// bytes, so the server reads it raw and parses it only once the signature verifies.

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

// The signature header is required; the other headers pass.
export const stripeSignatureHeadersSchema = z.looseObject({
  [STRIPE_SIGNATURE_HEADER]: z
    .string()
    .min(1)
    .describe("Stripe's signature over the raw body: t=<unix time>,v1=<HMAC-SHA256 with the webhook secret>"),
});
export const sandboxSignatureHeadersSchema = z.looseObject({
  [SANDBOX_SIGNATURE_HEADER]: z
    .string()
    .min(1)
    .describe(
      "The sandbox's signature over the raw body, made like Stripe's: t=<unix time>,v1=<HMAC-SHA256>",
    ),
});

/** The envelope every sandbox event shares: its id, its type, and the checkout session it is about. */
const sessionEvent = <T extends string, D extends z.ZodRawShape>(type: T, data: D) =>
  z.object({
    id: z.string().min(1),
    type: z.literal(type),
    data: z.object({ sessionId: z.string(), orderId: z.number().int(), ...data }),
  });

export const sandboxEventSchema = z.discriminatedUnion('type', [
  sessionEvent('checkout.session.completed', {
    amountCents: z.number().int().nonnegative(),
    chargeId: z.string(),
  }),
  sessionEvent('checkout.session.expired', { canceledByCustomer: z.boolean().optional() }),
]);
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

/** The Stripe event types the server acts on; any other is answered `ignored`. */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
] as const;

/**
 * Stripe's event envelope as far as the server reads it; Stripe's SDK checks the signature
 * and parses it, and `data.object` is the Checkout session, invoice, subscription or charge
 * the type names.
 */
export const stripeEventSchema = z.object({
  id: z.string().describe('evt_...: a redelivery carries the same id, and is applied once'),
  object: z.literal('event'),
  type: z.string().describe(`Acted on: ${STRIPE_EVENT_TYPES.join(', ')}; any other is ignored`),
  api_version: z.string().nullable().optional(),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * The answer to an event taken: `queued` when it is recorded for the workers to apply,
 * `duplicate` when that event id was recorded before, `ignored` for a Stripe event the server
 * does not act on. The answer never waits for the event to be applied.
 */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  result: z.enum(['queued', 'duplicate', 'ignored']),
});

/** The status that asks the provider to deliver the event again later. */
export const WEBHOOK_REDELIVER_STATUS = 503;

/**
 * What a callback answers: the receipt, or a refusal in the one error shape. After a 503 the
 * provider delivers the event again.
 */
export const webhookResponses = {
  200: webhookReceiptSchema,
  400: apiErrorSchema,
  [WEBHOOK_REDELIVER_STATUS]: apiErrorSchema,
};
