import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { V1_SECURITY_SCHEME, v1Api } from '../../domain/api/v1';
import { currentKeyHolder, keyActor } from '../api-keys/bearer';
import { subscriptionsOf } from '../billing/queries';
import type { BillingDeps } from '../billing/service';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import { notFound } from '../http/errors';
import { serving } from '../http/serve';
import { myOrder, myOrdersBefore } from '../orders/my-orders';
import type { OrderDeps } from '../orders/service';
import { ownedPanel, panelsBefore, revealPanelPasswords } from '../panels/service';
import { type CursorWindow, readCursorPage } from './cursor';
import { v1OrderWriteRoutes } from './order-routes';
import { v1SubscriptionWriteRoutes } from './subscription-routes';

export { V1_SECURITY_SCHEME };

export type V1Deps = OrderDeps &
  Pick<BillingDeps, 'providerFor'> & {
    db: Database;
    cipher: PanelCipher;
    guards: AccessGuards;
    now: () => Date;
    /** Real time, for what the sandbox clock must not move (idempotency keys). */
    realNow: () => Date;
  };

/**
 * The public API's read side (docs/decisions/0011-api-keys.md): a key acts as its owner, so
 * every read filters by the owner exactly as the customer's own pages do, and another
 * customer's object is a 404. The reads are the same service functions those pages use; so
 * are the writes (order-routes.ts, subscription-routes.ts), which need a read_write key.
 */
export function v1Routes(deps: V1Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  const ownerId = (request: FastifyRequest) => currentKeyHolder(request).workspaceId;
  const serve = serving(deps.guards);
  return async (app) => {
    await app.register(v1OrderWriteRoutes(deps));
    await app.register(v1SubscriptionWriteRoutes(deps));

    serve(app, v1Api.panels, async (request) => {
      const { status } = request.query;
      const read = (window: CursorWindow) => panelsBefore(db, ownerId(request), { ...window, status });
      return readCursorPage('panels', request.query, read, (p) => p.id);
    });

    serve(app, v1Api.panel, async (request) => {
      const holder = currentKeyHolder(request);
      const panel = await ownedPanel(db, holder.workspaceId, request.params.panelId);
      if (!panel) throw notFound('No such panel.');
      if (panel.status !== 'active') return { ...panel, password: null };
      const [revealed] = await revealPanelPasswords(deps, keyActor(request), {
        ids: [panel.id],
        purpose: 'reveal',
        ip: request.ip,
        apiKeyId: holder.keyId,
      });
      return { ...panel, password: revealed?.password ?? null };
    });

    serve(app, v1Api.orders, async (request) => {
      const { status } = request.query;
      const read = (window: CursorWindow) => myOrdersBefore(db, ownerId(request), { ...window, status });
      return readCursorPage('orders', request.query, read, (o) => o.id);
    });

    serve(app, v1Api.order, async (request) => {
      const order = await myOrder(db, ownerId(request), request.params.orderId);
      if (!order) throw notFound('No such order.');
      return order;
    });

    serve(app, v1Api.subscriptions, async (request) => {
      const read = (window: CursorWindow) => subscriptionsOf(db, ownerId(request), deps.now(), window);
      return readCursorPage('subscriptions', request.query, read, (s) => s.orderId);
    });
  };
}
