import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutUrlSchema,
  myOrderParamsSchema,
  myOrderSchema,
  myOrdersPageSchema,
  myOrdersQuerySchema,
} from '../../domain/api/orders';
import { CUSTOMER_ORDERS_PAGE_SIZE } from '../../domain/constants';
import { currentUser } from '../auth/session';
import { notFound } from '../http/errors';
import type { CheckoutDeps } from './checkout';
import { myOrder, pageOfMyOrders } from './my-orders';
import { resumeCheckout } from './resume-checkout';

// The customer's own orders (docs/product.md §6: a customer sees only their own): every read
// filters by the session's user, so another customer's rows are never in a page, and a single
// order of theirs is a 404. Registered inside orderRoutes, behind its requireUser hook.

const tags = ['orders'];

export function myOrderRoutes(deps: CheckoutDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/api/me/orders',
      {
        schema: {
          tags,
          summary: "A page of the customer's orders (every status), newest first, with where each leads",
          querystring: myOrdersQuerySchema,
          response: { 200: myOrdersPageSchema },
        },
      },
      async (request) =>
        pageOfMyOrders(db, currentUser(request).id, {
          ...request.query,
          pageSize: CUSTOMER_ORDERS_PAGE_SIZE,
        }),
    );

    app.get(
      '/api/me/orders/:orderId',
      {
        schema: {
          tags,
          summary: "One of the customer's orders (owner only)",
          params: myOrderParamsSchema,
          response: { 200: myOrderSchema },
        },
      },
      async (request) => {
        const order = await myOrder(db, currentUser(request).id, request.params.orderId);
        if (!order) throw notFound('No such order.');
        return order;
      },
    );

    app.post(
      '/api/me/orders/:orderId/checkout',
      {
        schema: {
          tags,
          summary: "Resume a card order's checkout while the provider still has it open (owner only)",
          params: myOrderParamsSchema,
          response: { 200: checkoutUrlSchema },
        },
      },
      async (request) => ({
        url: await resumeCheckout(deps, currentUser(request).id, request.params.orderId),
      }),
    );
  };
}
