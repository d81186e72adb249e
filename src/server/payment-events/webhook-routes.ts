import type { FastifyReply, FastifyRequest } from 'fastify';
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
import type { IntakeResult } from './intake';

export interface WebhookDeps {
  guards: AccessGuards;
  /** Null when the sandbox is off: its webhook then does not exist. */
  sandboxSecret: string | null;
  stripe: { client: Stripe; webhookSecret: string | undefined } | null;
  /** Records a verified event for the workers (intake.ts); resolves once it is committed. */
  receive(event: ProviderEvent): Promise<IntakeResult>;
}

/**
 * Provider webhooks. Signatures are checked over the exact bytes received, so this plugin
 * keeps JSON bodies as raw strings. A verified event is recorded and answered 200 at once,
 * whether it is new ('queued') or a redelivery ('duplicate'); the workers apply it
 * (docs/decisions/0024-payment-event-intake.md). Nothing is recorded before the signature
 * checks out.
 */
export function webhookRoutes(deps: WebhookDeps): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  /** The receipt, or 503 when the database did not take the event: the provider delivers it again. */
  const receipt = async (request: FastifyRequest, reply: FastifyReply, event: ProviderEvent) => {
    let result: IntakeResult;
    try {
      result = await deps.receive(event);
    } catch (err) {
      request.log.error(
        { err, eventId: event.id },
        'payment event not recorded; the provider will deliver it again',
      );
      return reply
        .status(WEBHOOK_REDELIVER_STATUS)
        .send(errorBody('not_recorded', 'The event could not be recorded now; deliver it again later.'));
    }
    return reply.status(200).send({ received: true, result });
  };
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
        return receipt(request, reply, event);
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
      return receipt(request, reply, event);
    });
  };
}
