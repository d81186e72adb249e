import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../domain/api/errors';
import {
  v1OrderParamsSchema,
  v1OrderSchema,
  v1OrdersPageSchema,
  v1OrdersQuerySchema,
  v1PanelDetailSchema,
  v1PanelParamsSchema,
  v1PanelsPageSchema,
  v1PanelsQuerySchema,
  v1SubscriptionsPageSchema,
  v1SubscriptionsQuerySchema,
} from '../../domain/api/v1';
import { bearerGuard, currentKeyHolder, requireScope } from '../api-keys/bearer';
import { subscriptionsOf } from '../billing/queries';
import type { BillingDeps } from '../billing/service';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { myOrder, myOrdersBefore } from '../orders/my-orders';
import type { OrderDeps } from '../orders/service';
import { ownedPanel, panelsBefore, revealPanelPasswords } from '../panels/service';
import type { RateLimiter } from '../rate-limit/limiter';
import { cursorPage, decodeCursor } from './cursor';
import { v1OrderWriteRoutes } from './order-routes';
import { v1SubscriptionWriteRoutes } from './subscription-routes';

/** The OpenAPI security scheme every /api/v1 operation names (registered in app.ts). */
export const V1_SECURITY_SCHEME = 'apiKey';

export type V1Deps = OrderDeps &
  Pick<BillingDeps, 'providerFor'> & {
    db: Database;
    cipher: PanelCipher;
    limiter: RateLimiter;
    now: () => Date;
  };

/**
 * The public API's read side (docs/decisions/0011-api-keys.md): a key acts as its owner, so
 * every read filters by the owner exactly as the customer's own pages do, and another
 * customer's object is a 404. The reads are the same service functions those pages use; so
 * are the writes (order-routes.ts, subscription-routes.ts), which need a read_write key.
 */
export function v1Routes(deps: V1Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  const security = [{ [V1_SECURITY_SCHEME]: [] }];
  // Every refusal a client of the public API must handle, in the one error shape (D14).
  const refusals = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    429: apiErrorSchema,
  };
  const tags = ['api v1'];
  return async (app) => {
    app.addHook('onRequest', bearerGuard(deps));
    app.addHook('onRequest', requireScope('read'));
    // The writes add requireScope('read_write') to these hooks, route by route.
    await app.register(v1OrderWriteRoutes(deps, { tags, security }));
    await app.register(v1SubscriptionWriteRoutes(deps, { tags, security }));

    app.get(
      '/api/v1/panels',
      {
        schema: {
          tags,
          security,
          summary: "A page of the key owner's panels, current and past, newest first (no passwords)",
          querystring: v1PanelsQuerySchema,
          response: { 200: v1PanelsPageSchema, ...refusals },
        },
      },
      async (request) => {
        const { limit, cursor, status } = request.query;
        const rows = await panelsBefore(db, currentKeyHolder(request).user.id, {
          before: decodeCursor('panels', cursor),
          limit: limit + 1,
          status,
        });
        return cursorPage('panels', rows, limit, (p) => p.id);
      },
    );

    app.get(
      '/api/v1/panels/:panelId',
      {
        schema: {
          tags,
          security,
          summary: "One of the key owner's panels with its password while active (audit-logged)",
          params: v1PanelParamsSchema,
          response: { 200: v1PanelDetailSchema, ...refusals, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const holder = currentKeyHolder(request);
        const panel = await ownedPanel(db, holder.user.id, request.params.panelId);
        if (!panel) throw notFound('No such panel.');
        if (panel.status !== 'active') return { ...panel, password: null };
        const [revealed] = await revealPanelPasswords(deps, holder.user, {
          ids: [panel.id],
          purpose: 'reveal',
          ip: request.ip,
          apiKeyId: holder.keyId,
        });
        return { ...panel, password: revealed?.password ?? null };
      },
    );

    app.get(
      '/api/v1/orders',
      {
        schema: {
          tags,
          security,
          summary: "A page of the key owner's orders (every status unless filtered), newest first",
          querystring: v1OrdersQuerySchema,
          response: { 200: v1OrdersPageSchema, ...refusals },
        },
      },
      async (request) => {
        const { limit, cursor, status } = request.query;
        const rows = await myOrdersBefore(db, currentKeyHolder(request).user.id, {
          before: decodeCursor('orders', cursor),
          limit: limit + 1,
          status,
        });
        return cursorPage('orders', rows, limit, (o) => o.id);
      },
    );

    app.get(
      '/api/v1/orders/:orderId',
      {
        schema: {
          tags,
          security,
          summary: "One of the key owner's orders",
          params: v1OrderParamsSchema,
          response: { 200: v1OrderSchema, ...refusals, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const order = await myOrder(db, currentKeyHolder(request).user.id, request.params.orderId);
        if (!order) throw notFound('No such order.');
        return order;
      },
    );

    app.get(
      '/api/v1/subscriptions',
      {
        schema: {
          tags,
          security,
          summary: "A page of the key owner's subscriptions (every paid order), newest first",
          querystring: v1SubscriptionsQuerySchema,
          response: { 200: v1SubscriptionsPageSchema, ...refusals },
        },
      },
      async (request) => {
        const { limit, cursor } = request.query;
        const rows = await subscriptionsOf(db, currentKeyHolder(request).user.id, deps.now(), {
          before: decodeCursor('subscriptions', cursor),
          limit: limit + 1,
        });
        return cursorPage('subscriptions', rows, limit, (s) => s.orderId);
      },
    );
  };
}
