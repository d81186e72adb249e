import { idParamsSchema } from '../input-bounds';
import { paymentInstructionsSchema } from '../payment-details';
import { access, endpointsFor, endpointsUnder } from './endpoint';
import { refusal, stateConflict } from './endpoint-errors';
import {
  sandboxRedirectSchema,
  sandboxSessionParamsSchema,
  sandboxSessionSchema,
  verifiedPaymentSchema,
  verifyPaymentBodySchema,
} from './payments';

// Paying for an order (D6): what the return page asks, how to pay by hand, the sandbox's hosted
// checkout and the providers' callbacks. Served by src/server/payment-events and
// src/server/orders/payment-instructions-routes.ts.

const ordersEndpoint = endpointsUnder('orders');
const sandboxEndpoint = endpointsFor(access.owner, 'sandbox payments');
const webhookEndpoint = endpointsUnder('payment webhooks');

export const paymentsApi = {
  // Another customer's order or session reads as not paid, not as a 404.
  verify: ordersEndpoint('POST /api/payments/verify', {
    access: access.user,
    example: { body: { sessionId: 'cs_test_a1b2c3', orderId: 42 } },
    summary: 'Ask the provider whether a checkout was paid',
    body: verifyPaymentBodySchema,
    response: { 200: verifiedPaymentSchema },
  }),

  instructions: ordersEndpoint('GET /api/orders/:id/payment-instructions', {
    access: access.owner,
    errors: [stateConflict('not_manual', 'the order is paid by card')],
    example: { params: { id: '42' } },
    summary:
      'How to pay a bank transfer or crypto order (owner only): amount, reference, pay-by date and payment details while something is due',
    params: idParamsSchema,
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

/**
 * The providers' callbacks: the body is read raw, since the signature covers its exact bytes.
 * Answered 2xx when taken and 503 when the provider should deliver it again later.
 */
export const paymentWebhooksApi = {
  stripe: webhookEndpoint('POST /api/webhooks/stripe', {
    access: access.provider('stripe'),
    hide: true,
    errors: [
      refusal(400, 'invalid_signature', 'the Stripe signature does not verify'),
      refusal(503, 'not_configured', 'STRIPE_WEBHOOK_SECRET is not set'),
    ],
    summary: "Stripe's events, signed with the webhook secret",
  }),

  sandbox: webhookEndpoint('POST /api/webhooks/sandbox', {
    access: access.provider('sandbox'),
    hide: true,
    errors: [refusal(400, 'invalid_event', 'the signature does not verify, or the event is malformed')],
    summary: "The sandbox provider's events, signed like Stripe's",
  }),
};
