import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhooksApi } from '../../domain/api/endpoints';
import { currentUser, type SessionGuards } from '../auth/session';
import { serve } from '../http/serve';
import type { WebhookService } from './service';

/**
 * The signed-in customer's webhook endpoints (docs/decisions/0012-webhooks.md). Session only,
 * like API keys: a leaked API key cannot point the customer's events somewhere else.
 * Another customer's endpoint or delivery is a 404.
 */
export function webhookEndpointRoutes(deps: {
  guards: SessionGuards;
  webhooks: WebhookService;
  /** Wakes the delivery sweep after a queued test or resend. */
  kick: () => void;
}): FastifyPluginAsyncZod {
  const { webhooks } = deps;
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { id: user.id, email: user.email, ip: request.ip };
  };
  return async (app) => {
    app.addHook('onRequest', deps.guards.requireUser);

    serve(app, webhooksApi.list, async (request) => ({
      endpoints: await webhooks.list(currentUser(request).id),
    }));

    serve(app, webhooksApi.create, async (request, reply) =>
      reply.status(201).send(await webhooks.create(actorOf(request), request.body)),
    );

    serve(app, webhooksApi.remove, async (request, reply) => {
      await webhooks.remove(actorOf(request), request.params.endpointId);
      return reply.status(204).send(null);
    });

    serve(app, webhooksApi.deliveries, async (request) => ({
      deliveries: await webhooks.deliveries(currentUser(request).id, request.params.endpointId),
    }));

    serve(app, webhooksApi.sendTest, async (request, reply) => {
      const queued = await webhooks.sendTest(currentUser(request).id, request.params.endpointId);
      deps.kick();
      return reply.status(202).send(queued);
    });

    serve(app, webhooksApi.resend, async (request, reply) => {
      const { endpointId, deliveryId } = request.params;
      const queued = await webhooks.resend(currentUser(request).id, endpointId, deliveryId);
      deps.kick();
      return reply.status(202).send(queued);
    });
  };
}
