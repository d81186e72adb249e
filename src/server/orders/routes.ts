import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ordersApi } from '../../domain/api/endpoints';
import { currentWorkspace } from '../auth/session';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import { myOrderRoutes } from './my-routes';
import { paymentInstructionsRoutes } from './payment-instructions-routes';
import { abandonOrder, checkout, type OrderDeps, orderStatus, paymentStatusOfSession } from './service';

export function orderRoutes(deps: OrderDeps & { guards: AccessGuards }): FastifyPluginAsyncZod {
  const { db } = deps;
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, ordersApi.checkout, async (request) =>
      checkout(deps, currentWorkspace(request), request.body),
    );

    // The customer's own orders, paged on the server.
    await app.register(myOrderRoutes(deps));
    // Where to send a bank transfer or crypto payment (D6).
    await app.register(paymentInstructionsRoutes(deps));

    serve(app, ordersApi.status, async (request) => ({
      status: await orderStatus(db, currentWorkspace(request).workspaceId, request.params.id),
    }));

    serve(app, ordersApi.abandon, async (request) => ({
      status: await abandonOrder(deps, currentWorkspace(request).workspaceId, request.params.id),
    }));

    serve(app, ordersApi.paymentStatusOfSession, async (request) => ({
      paymentStatus: await paymentStatusOfSession(
        db,
        currentWorkspace(request).workspaceId,
        request.params.sessionId,
      ),
    }));
  };
}
