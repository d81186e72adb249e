import type { FastifyPluginAsync } from 'fastify';
import { ZodError } from 'zod';
import { errorBody } from '../http/errors';
import type { ProviderEvent } from './events';
import type { EventOutcome } from './process-event';
import { readSandboxEvent, SANDBOX_SIGNATURE_HEADER } from './sandbox/events';
import { SignatureError } from './sandbox/signature';

export interface WebhookDeps {
  sandboxSecret: string;
  handleEvent(event: ProviderEvent): Promise<EventOutcome>;
}

/** Turns an outcome into the answer a provider expects: 2xx done, 5xx deliver again later. */
export function webhookStatus(outcome: EventOutcome): number {
  return outcome.result === 'retry' ? 503 : 200;
}

/**
 * Provider webhooks. Signatures are checked over the exact bytes received, so this plugin
 * keeps JSON bodies as raw strings.
 */
export function webhookRoutes(deps: WebhookDeps): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    app.post('/api/webhooks/sandbox', { schema: { hide: true } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let event: ProviderEvent;
      try {
        event = readSandboxEvent(
          raw,
          request.headers[SANDBOX_SIGNATURE_HEADER] as string | undefined,
          deps.sandboxSecret,
        );
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
