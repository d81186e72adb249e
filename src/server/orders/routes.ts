import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutCreatedSchema,
  orderStatusSchema,
  sessionParamsSchema,
  sessionPaymentStatusSchema,
} from '../../domain/api/orders';
import { idParamsSchema } from '../../domain/input-bounds';
import { checkoutRequestSchema } from '../../domain/pricing';
import { currentUser, type SessionGuards } from '../auth/session';
import { myOrderRoutes } from './my-routes';
import { paymentInstructionsRoutes } from './payment-instructions-routes';
import { abandonOrder, checkout, type OrderDeps, orderStatus, paymentStatusOfSession } from './service';

const tags = ['orders'];

export function orderRoutes(deps: OrderDeps & { guards: SessionGuards }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.guards.requireUser);

    app.post(
      '/api/checkout',
      {
        schema: {
          tags,
          summary: 'Price the selection on the server, create the order and open the provider checkout',
          body: checkoutRequestSchema,
          response: { 200: checkoutCreatedSchema },
        },
      },
      async (request) => checkout(deps, currentUser(request), request.body),
    );

    // The customer's own orders, paged on the server.
    await app.register(myOrderRoutes(deps));
    // Where to send a bank transfer or crypto payment (D6).
    await app.register(paymentInstructionsRoutes(deps));

    app.get(
      '/api/orders/:id/status',
      {
        schema: {
          tags,
          summary: "An order's status (owner only)",
          params: idParamsSchema,
          response: { 200: orderStatusSchema },
        },
      },
      async (request) => ({ status: await orderStatus(db, currentUser(request).id, request.params.id) }),
    );

    app.post(
      '/api/orders/:id/abandon',
      {
        schema: {
          tags,
          summary:
            'Cancel an unpaid order: the customer left the checkout, or canceled a bank transfer or crypto order',
          params: idParamsSchema,
          response: { 200: orderStatusSchema },
        },
      },
      async (request) => ({
        status: await abandonOrder(deps, currentUser(request).id, request.params.id),
      }),
    );

    app.get(
      '/api/payments/by-session/:sessionId',
      {
        schema: {
          tags,
          summary: 'The payment status for a checkout session (owner only); null while there is none',
          params: sessionParamsSchema,
          response: { 200: sessionPaymentStatusSchema },
        },
      },
      async (request) => ({
        paymentStatus: await paymentStatusOfSession(db, currentUser(request).id, request.params.sessionId),
      }),
    );
  };
}
