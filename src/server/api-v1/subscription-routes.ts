import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../domain/api/errors';
import { v1SubscriptionParamsSchema, v1SubscriptionSchema } from '../../domain/api/v1';
import { currentKeyHolder, requireScope } from '../api-keys/bearer';
import { subscriptionsOf } from '../billing/queries';
import { type BillingDeps, changeCancelAtPeriodEnd } from '../billing/service';
import { notFound } from '../http/errors';

/**
 * Cancel at period end and resume, inside v1Routes (behind its bearer guard), for read_write
 * keys only: the billing page's own service function (D8), so the same refusals hold (another
 * customer's order 404, a subscription not active 409) and the same audit entry is written,
 * with the key's id. Both are idempotent by nature: cancelling twice leaves it cancelled.
 */
export function v1SubscriptionWriteRoutes(
  deps: BillingDeps,
  doc: { tags: string[]; security: Record<string, string[]>[] },
): FastifyPluginAsyncZod {
  return async (app) => {
    for (const action of ['cancel', 'resume'] as const) {
      app.post(
        `/api/v1/subscriptions/:orderId/${action}`,
        {
          onRequest: requireScope('read_write'),
          schema: {
            ...doc,
            summary:
              action === 'cancel'
                ? "Cancel one of the key owner's subscriptions at the end of its paid period"
                : 'Undo a cancellation before the paid period ends',
            params: v1SubscriptionParamsSchema,
            response: {
              200: v1SubscriptionSchema,
              400: apiErrorSchema,
              401: apiErrorSchema,
              403: apiErrorSchema,
              404: apiErrorSchema,
              409: apiErrorSchema,
              429: apiErrorSchema,
            },
          },
        },
        async (request) => {
          const holder = currentKeyHolder(request);
          const { orderId } = request.params;
          await changeCancelAtPeriodEnd(deps, holder.user, orderId, action === 'cancel', request.ip, {
            apiKeyId: holder.keyId,
          });
          // The list's own query, one row from this order down, so the shape is the list's.
          const [subscription] = await subscriptionsOf(deps.db, holder.user.id, deps.now(), {
            before: orderId + 1,
            limit: 1,
          });
          if (subscription?.orderId !== orderId) throw notFound('No such subscription.');
          return subscription;
        },
      );
    }
  };
}
