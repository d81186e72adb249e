import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhooksApi } from '../../domain/api/endpoints';
import { WEBHOOK_SENDS_PER_MINUTE } from '../../domain/webhooks';
import { currentWorkspace } from '../auth/session';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import { answerLimit } from '../rate-limit/headers';
import type { RateLimiter } from '../rate-limit/limiter';
import type { WebhookService } from './service';

/**
 * The signed-in customer's webhook endpoints (docs/decisions/0012-webhooks.md). Session only,
 * like API keys: a leaked API key cannot point the customer's events somewhere else.
 * Another customer's endpoint or delivery is a 404.
 */
export function webhookEndpointRoutes(deps: {
  guards: AccessGuards;
  webhooks: WebhookService;
  /** Counts test events and resends per endpoint, in the database (so across instances). */
  limiter: RateLimiter;
  /** Wakes the delivery sweep after a queued test or resend. */
  kick: () => void;
}): FastifyPluginAsyncZod {
  const { webhooks } = deps;
  const actorOf = (request: FastifyRequest) => {
    const member = currentWorkspace(request);
    return { id: member.id, email: member.email, ip: request.ip, workspaceId: member.workspaceId };
  };

  /**
   * Counts a test or resend against the endpoint's limit; only the owner's calls count, so
   * nobody can use up another workspace's allowance. Every answer says what is left.
   */
  async function countSend(request: FastifyRequest, reply: FastifyReply, endpointId: number) {
    await webhooks.assertOwned(currentWorkspace(request).workspaceId, endpointId);
    const result = await deps.limiter.hit(`webhook-send:${endpointId}`, {
      limit: WEBHOOK_SENDS_PER_MINUTE,
      windowMs: 60_000,
    });
    answerLimit(
      reply,
      WEBHOOK_SENDS_PER_MINUTE,
      result,
      (seconds) =>
        `This endpoint was sent ${WEBHOOK_SENDS_PER_MINUTE} test events and resends in the last minute. Try again in ${seconds} seconds.`,
    );
  }

  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, webhooksApi.list, async (request) => ({
      endpoints: await webhooks.list(currentWorkspace(request).workspaceId),
    }));

    serve(app, webhooksApi.create, async (request, reply) =>
      reply.status(201).send(await webhooks.create(actorOf(request), request.body)),
    );

    serve(app, webhooksApi.remove, async (request, reply) => {
      await webhooks.remove(actorOf(request), request.params.endpointId);
      return reply.status(204).send(null);
    });

    serve(app, webhooksApi.deliveries, async (request) => ({
      deliveries: await webhooks.deliveries(currentWorkspace(request).workspaceId, request.params.endpointId),
    }));

    serve(app, webhooksApi.sendTest, async (request, reply) => {
      await countSend(request, reply, request.params.endpointId);
      const queued = await webhooks.sendTest(
        currentWorkspace(request).workspaceId,
        request.params.endpointId,
      );
      deps.kick();
      return reply.status(202).send(queued);
    });

    serve(app, webhooksApi.resend, async (request, reply) => {
      const { endpointId, deliveryId } = request.params;
      await countSend(request, reply, endpointId);
      const queued = await webhooks.resend(currentWorkspace(request).workspaceId, endpointId, deliveryId);
      deps.kick();
      return reply.status(202).send(queued);
    });
  };
}
