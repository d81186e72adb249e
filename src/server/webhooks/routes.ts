import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookEndpointSchema,
  createWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookParamsSchema,
} from '../../domain/api/webhooks';
import { currentUser, type SessionGuards } from '../auth/session';
import type { WebhookService } from './service';

const tags = ['webhooks'];

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

    app.get(
      '/api/me/webhooks',
      {
        schema: {
          tags,
          summary: "The customer's webhook endpoints (never their secrets)",
          response: { 200: webhookEndpointListSchema },
        },
      },
      async (request) => ({ endpoints: await webhooks.list(currentUser(request).id) }),
    );

    app.post(
      '/api/me/webhooks',
      {
        schema: {
          tags,
          summary:
            'Add a webhook endpoint; the URL must reach a public address. The answer carries the signing secret, this once (audit-logged)',
          body: createWebhookBodySchema,
          response: { 201: createdWebhookEndpointSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await webhooks.create(actorOf(request), request.body)),
    );

    app.delete(
      '/api/me/webhooks/:endpointId',
      {
        schema: {
          tags,
          summary:
            'Delete a webhook endpoint and its delivery log; nothing more is sent to it (audit-logged)',
          params: webhookParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await webhooks.remove(actorOf(request), request.params.endpointId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/me/webhooks/:endpointId/deliveries',
      {
        schema: {
          tags,
          summary: "An endpoint's latest 100 deliveries, newest first",
          params: webhookParamsSchema,
          response: { 200: webhookDeliveryListSchema },
        },
      },
      async (request) => ({
        deliveries: await webhooks.deliveries(currentUser(request).id, request.params.endpointId),
      }),
    );

    app.post(
      '/api/me/webhooks/:endpointId/test',
      {
        schema: {
          tags,
          summary: 'Queue a webhook.test event to this endpoint',
          params: webhookParamsSchema,
          response: { 202: webhookDeliverySchema },
        },
      },
      async (request, reply) => {
        const queued = await webhooks.sendTest(currentUser(request).id, request.params.endpointId);
        deps.kick();
        return reply.status(202).send(queued);
      },
    );

    app.post(
      '/api/me/webhooks/:endpointId/deliveries/:deliveryId/resend',
      {
        schema: {
          tags,
          summary: 'Queue a delivered or given-up message again, with the same webhook-id and body',
          params: webhookDeliveryParamsSchema,
          response: { 202: webhookDeliverySchema },
        },
      },
      async (request, reply) => {
        const { endpointId, deliveryId } = request.params;
        const queued = await webhooks.resend(currentUser(request).id, endpointId, deliveryId);
        deps.kick();
        return reply.status(202).send(queued);
      },
    );
  };
}
