import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myOrdersApi } from '../../domain/api/endpoints';
import { currentWorkspace } from '../auth/session';
import type { AccessGuards } from '../http/access-guards';
import { notFound } from '../http/errors';
import { serving } from '../http/serve';
import type { CheckoutDeps } from './checkout';
import { myOrder, pageOfMyOrders } from './my-orders';
import { resumeCheckout } from './resume-checkout';

// The customer's own orders (docs/product.md §6: a customer sees only their own): every read
// filters by the session's user, so another customer's rows are never in a page, and a single
// order of theirs is a 404. Registered inside orderRoutes.

export function myOrderRoutes(deps: CheckoutDeps & { guards: AccessGuards }): FastifyPluginAsyncZod {
  const { db } = deps;
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, myOrdersApi.page, async (request) =>
      pageOfMyOrders(db, currentWorkspace(request).workspaceId, request.query),
    );

    serve(app, myOrdersApi.one, async (request) => {
      const order = await myOrder(db, currentWorkspace(request).workspaceId, request.params.orderId);
      if (!order) throw notFound('No such order.');
      return order;
    });

    serve(app, myOrdersApi.resumeCheckout, async (request) => ({
      url: await resumeCheckout(deps, currentWorkspace(request).workspaceId, request.params.orderId),
    }));
  };
}
