import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../domain/api/errors';
import {
  v1IdempotentHeadersSchema,
  v1OrderCreateBodySchema,
  v1OrderCreatedSchema,
} from '../../domain/api/v1';
import { currentKeyHolder, requireScope } from '../api-keys/bearer';
import type { OrderDeps } from '../orders/service';
import { createOrderForKey } from './create-order';
import { idempotent } from './idempotency';

const OPERATION = 'POST /api/v1/orders';

/** POST /api/v1/orders, inside v1Routes (behind its bearer guard), for read_write keys only. */
export function v1OrderWriteRoutes(
  deps: OrderDeps,
  doc: { tags: string[]; security: Record<string, string[]>[] },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/orders',
      {
        onRequest: requireScope('read_write'),
        schema: {
          ...doc,
          summary:
            'Order a plan: priced on the server, answered with the checkout page (card) or the payment instructions (bank transfer, crypto)',
          headers: v1IdempotentHeadersSchema,
          body: v1OrderCreateBodySchema,
          response: {
            201: v1OrderCreatedSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            409: apiErrorSchema,
            429: apiErrorSchema,
            502: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const holder = currentKeyHolder(request);
        const answer = await idempotent(
          deps,
          {
            userId: holder.user.id,
            apiKeyId: holder.keyId,
            key: request.headers['idempotency-key'],
            operation: OPERATION,
            request: request.body,
            parse: (body) => v1OrderCreatedSchema.parse(body),
          },
          async () => ({ status: 201, body: await createOrderForKey(deps, holder.user, request.body) }),
        );
        if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.status(201).send(answer.body);
      },
    );
  };
}
