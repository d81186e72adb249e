import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v1OrderCreatedSchema, v1WriteApi } from '../../domain/api/v1';
import { currentKeyHolder, keyActor } from '../api-keys/bearer';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import type { OrderDeps } from '../orders/service';
import { createOrderForKey } from './create-order';
import { idempotent } from './idempotency';

/**
 * POST /api/v1/orders, for read_write keys only (the declaration's access). Idempotency keys
 * live in real time (`realNow`), like the key that sends them: the sandbox clock moving ahead
 * must not age a request still in flight.
 */
export function v1OrderWriteRoutes(
  deps: OrderDeps & { guards: AccessGuards; realNow: () => Date },
): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  const endpoint = v1WriteApi.createOrder;
  return async (app) => {
    serve(app, endpoint, async (request, reply) => {
      const holder = currentKeyHolder(request);
      const actor = keyActor(request);
      const answer = await idempotent(
        { db: deps.db, now: deps.realNow },
        {
          workspaceId: holder.workspaceId,
          userId: holder.user.id,
          apiKeyId: holder.keyId,
          key: request.headers['idempotency-key'],
          operation: `${endpoint.method} ${endpoint.path}`,
          request: request.body,
          parse: (body) => v1OrderCreatedSchema.parse(body),
        },
        async () => ({
          status: 201,
          body: await createOrderForKey(deps, actor, request.body, {
            apiKeyId: holder.keyId,
            ip: request.ip,
          }),
        }),
      );
      if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(201).send(answer.body);
    });
  };
}
