import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { ZodError } from 'zod';
import { paymentWebhooksApi } from '../../domain/api/payment-endpoints';
import {
  SANDBOX_SIGNATURE_HEADER,
  STRIPE_SIGNATURE_HEADER,
  WEBHOOK_REDELIVER_STATUS,
} from '../../domain/api/provider-events';
import type { AccessGuards } from '../http/access-guards';
import { errorBody } from '../http/errors';
import { serving } from '../http/serve';
import type { ProviderEvent } from '../payments/events';
import { readSandboxEvent } from '../payments/sandbox/events';
import { SignatureError } from '../payments/sandbox/signature';
import { stripeLookups, translateStripeEvent } from '../payments/stripe/events';
import type { EventOutcome } from './process-event';

export interface WebhookDeps {
  guards: AccessGuards;
  /** Null when the sandbox is off: its webhook then does not exist. */
  sandboxSecret: string | null;
  stripe: { client: Stripe; webhookSecret: string | undefined } | null;
  handleEvent(event: ProviderEvent): Promise<EventOutcome>;
}

/** Turns an outcome into the answer a provider expects: 2xx done, 5xx deliver again later. */
function webhookStatus(outcome: EventOutcome): 200 | typeof WEBHOOK_REDELIVER_STATUS {
  return outcome.result === 'retry' ? WEBHOOK_REDELIVER_STATUS : 200;
}

/**
 * Provider webhooks. Signatures are checked over the exact bytes received, so this plugin
 * keeps JSON bodies as raw strings.
 */
export function webhookRoutes(deps: WebhookDeps): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    const { stripe, sandboxSecret } = deps;
    if (stripe) {
      const lookups = stripeLookups(stripe.client);
      serve(app, paymentWebhooksApi.stripe, async (request, reply) => {
        if (!stripe.webhookSecret) {
          return reply.status(503).send(errorBody('not_configured', 'STRIPE_WEBHOOK_SECRET is not set.'));
        }
        const raw = typeof request.body === 'string' ? request.body : '';
        let stripeEvent: Stripe.Event;
        try {
          stripeEvent = stripe.client.webhooks.constructEvent(
            raw,
            request.headers[STRIPE_SIGNATURE_HEADER],
            stripe.webhookSecret,
          );
        } catch {
          return reply
            .status(400)
            .send(errorBody('invalid_signature', 'The Stripe signature does not verify.'));
        }
        // A lookup that fails (Stripe unreachable) answers 500: Stripe delivers the event again.
        const event = await translateStripeEvent(stripeEvent, lookups);
        if (!event) return reply.status(200).send({ received: true, result: 'ignored' });
        const outcome = await deps.handleEvent(event);
        return reply.status(webhookStatus(outcome)).send({ received: true, result: outcome.result });
      });
    }

    if (!sandboxSecret) return;
    serve(app, paymentWebhooksApi.sandbox, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let event: ProviderEvent;
      try {
        event = readSandboxEvent(raw, request.headers[SANDBOX_SIGNATURE_HEADER], sandboxSecret);
      } catch (error) {
        if (error instanceof SignatureError || error instanceof ZodError || error instanceof SyntaxError) {
          return reply
            .status(400)
            .send(
              errorBody(
                'invalid_event',
                error instanceof SignatureError ? error.message : 'Malformed event.',
              ),
            );
        }
        throw error;
      }
      const outcome = await deps.handleEvent(event);
      return reply.status(webhookStatus(outcome)).send({ received: true, result: outcome.result });
    });
  };
}
