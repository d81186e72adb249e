import type { z } from 'zod';
import { paymentInstructionsSchema } from '../payment-details';
import { access, type EndpointError, endpointsFor, endpointsUnder } from './endpoint';
import { refusal, stateConflict } from './endpoint-errors';
import { ORDER_ID_IN_PATH } from './path-params';
import {
  sandboxRedirectSchema,
  sandboxSessionParamsSchema,
  sandboxSessionSchema,
  verifiedPaymentSchema,
  verifyPaymentBodySchema,
} from './payments';
import {
  SANDBOX_SIGNATURE_HEADER,
  STRIPE_SIGNATURE_HEADER,
  sandboxEventSchema,
  sandboxSignatureHeadersSchema,
  stripeEventSchema,
  stripeSignatureHeadersSchema,
  webhookResponses,
} from './provider-events';

// Paying for an order (D6): what the return page asks, how to pay by hand, the sandbox's hosted
// checkout and the providers' callbacks. Served by src/server/payment-events and
// src/server/orders/payment-instructions-routes.ts.

const ordersEndpoint = endpointsUnder('orders');
const sandboxEndpoint = endpointsFor(access.owner('orders.buy'), 'sandbox payments');
const webhookEndpoint = endpointsUnder('payment webhooks');

export const paymentsApi = {
  // Another customer's order or session reads as not paid, not as a 404.
  verify: ordersEndpoint('POST /api/payments/verify', {
    access: access.member('orders.buy'),
    example: { body: { sessionId: 'cs_test_a1b2c3', orderId: 42 } },
    summary: 'Ask the provider whether a checkout was paid',
    body: verifyPaymentBodySchema,
    response: { 200: verifiedPaymentSchema },
  }),

  instructions: ordersEndpoint('GET /api/orders/:id/payment-instructions', {
    access: access.owner('billing.read'),
    errors: [stateConflict('not_manual', 'the order is paid by card')],
    summary:
      'How to pay a bank transfer or crypto order (owner only): amount, reference, pay-by date and payment details while something is due',
    ...ORDER_ID_IN_PATH,
    response: { 200: paymentInstructionsSchema },
  }),
};

/** The checkout session each one names in its path. */
const SANDBOX_SESSION = {
  example: { params: { sessionId: 'sbx_4f9a2c' } },
  params: sandboxSessionParamsSchema,
};

/** Only while the sandbox is the card provider; the session is the signed-in customer's own. */
export const sandboxCheckoutApi = {
  session: sandboxEndpoint('GET /api/sandbox/sessions/:sessionId', {
    ...SANDBOX_SESSION,
    response: { 200: sandboxSessionSchema },
  }),

  pay: sandboxEndpoint('POST /api/sandbox/sessions/:sessionId/pay', {
    ...SANDBOX_SESSION,
    response: { 200: sandboxRedirectSchema },
  }),

  cancel: sandboxEndpoint('POST /api/sandbox/sessions/:sessionId/cancel', {
    ...SANDBOX_SESSION,
    response: { 200: sandboxRedirectSchema },
  }),
};

/** What the document says of every provider callback, beside its summary. */
const PROVIDER_CALLBACK =
  'Called by the payment provider, not by clients: no session or API key. The signature header, over the exact bytes of the body, is verified with the webhook secret before the event is read. Answered 200 as soon as the event is recorded (once: a redelivered event id is a duplicate); it is applied after the answer, in the order received. 503 when it could not be recorded and the provider should deliver it again later.';

/** A signature header's form; the example cannot carry a real one, which would need the secret. */
const EXAMPLE_SIGNATURE = `t=1767225600,v1=${'5f'.repeat(32)}`;

/** A verified event the database did not take: the provider delivers it again later. */
const NOT_RECORDED = refusal(
  503,
  'not_recorded',
  'the event could not be recorded now; deliver it again later',
);

/**
 * A provider's callback, POST /api/webhooks/<provider>: its own refusals of the signature and
 * its event's shape; what every callback says, takes and answers besides is added here.
 */
const providerCallback = <H extends z.ZodType, E extends z.ZodType>(
  provider: 'stripe' | 'sandbox',
  docs: {
    errors: EndpointError[];
    signatureHeader: string;
    exampleEvent: unknown;
    summary: string;
    headers: H;
    event: E;
  },
) => {
  const { errors, signatureHeader, exampleEvent, ...rest } = docs;
  return webhookEndpoint(`POST /api/webhooks/${provider}`, {
    access: access.provider(provider),
    errors: [...errors, NOT_RECORDED],
    example: { headers: { [signatureHeader]: EXAMPLE_SIGNATURE }, body: exampleEvent },
    description: PROVIDER_CALLBACK,
    ...rest,
    response: webhookResponses,
  });
};

/** The providers' callbacks: the signature over the raw body is the authority. */
export const paymentWebhooksApi = {
  stripe: providerCallback('stripe', {
    errors: [
      refusal(400, 'invalid_signature', 'the Stripe signature does not verify'),
      refusal(503, 'not_configured', 'STRIPE_WEBHOOK_SECRET is not set'),
    ],
    signatureHeader: STRIPE_SIGNATURE_HEADER,
    exampleEvent: {
      id: 'evt_1QxAbc',
      object: 'event',
      type: 'invoice.paid',
      api_version: '2026-10-28.endive',
      created: 1767225600,
      data: { object: { id: 'in_1QxAbc', object: 'invoice', subscription: 'sub_1QxAbc' } },
    },
    summary: "Stripe's events, signed with the webhook secret",
    headers: stripeSignatureHeadersSchema,
    event: stripeEventSchema,
  }),

  sandbox: providerCallback('sandbox', {
    errors: [refusal(400, 'invalid_event', 'the signature does not verify, or the event is malformed')],
    signatureHeader: SANDBOX_SIGNATURE_HEADER,
    exampleEvent: {
      id: 'evt_sandbox_4f9a2c',
      type: 'checkout.session.completed',
      data: { sessionId: 'sbx_4f9a2c', orderId: 42, amountCents: 50_000, chargeId: 'ch_sbx_4f9a2c' },
    },
    summary: "The sandbox provider's events, signed like Stripe's",
    headers: sandboxSignatureHeadersSchema,
    event: sandboxEventSchema,
  }),
};
