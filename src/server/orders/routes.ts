import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, safeText } from '../../domain/input-bounds';
import { checkoutRequestSchema } from '../../domain/pricing';
import { ORDER_STATUSES } from '../../domain/status';
import { alertManualOrder } from '../alerts/raise';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Config } from '../config';
import { orders, payments } from '../db/schema';
import { enqueueEmail } from '../outbox/enqueue';
import type { OutboxRunner } from '../outbox/runner';
import { paymentInstructionsMessage } from '../provisioning/emails';
import { type CheckoutDeps, startCheckout } from './checkout';
import { myOrderRoutes } from './my-routes';
import { ownOrder } from './own-order';
import { paymentInstructionsRoutes } from './payment-instructions-routes';

const tags = ['orders'];

export function orderRoutes(
  deps: CheckoutDeps & { guards: SessionGuards; config: Config; outbox: Pick<OutboxRunner, 'kick'> },
): FastifyPluginAsyncZod {
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
          response: { 200: z.object({ url: z.string(), orderId: z.number() }) },
        },
      },
      async (request) => {
        const customer = currentUser(request);
        const { method } = request.body;
        // Bank transfer and crypto: the instructions, and the admins' alert that an order waits
        // for a payment to confirm by hand, are queued with the order's checkout.
        const { url, orderId, fresh } = await startCheckout(deps, customer, request.body, {
          onOpened: async (tx, id) => {
            if (method === 'card') return;
            const [order] = await tx.select().from(orders).where(eq(orders.id, id));
            if (!order) return;
            const message = paymentInstructionsMessage(deps.config, order, method);
            await enqueueEmail(tx, { to: customer.email, ...message });
            await alertManualOrder(tx, deps.config, id);
          },
        });
        if (fresh && method !== 'card') deps.outbox.kick();
        return { url, orderId };
      },
    );

    // The customer's own lists (orders, active and past panels), paged on the server.
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
          response: { 200: z.object({ status: z.enum(ORDER_STATUSES) }) },
        },
      },
      async (request) => {
        const order = await ownOrder(db, request.params.id, currentUser(request).id);
        return { status: order.status };
      },
    );

    app.post(
      '/api/orders/:id/abandon',
      {
        schema: {
          tags,
          summary:
            'Cancel an unpaid order: the customer left the checkout, or canceled a bank transfer or crypto order',
          params: idParamsSchema,
          response: { 200: z.object({ status: z.enum(ORDER_STATUSES) }) },
        },
      },
      async (request) => {
        const order = await ownOrder(db, request.params.id, currentUser(request).id);
        if (order.status !== 'pending_payment') return { status: order.status };
        const now = deps.now();
        await db
          .update(orders)
          .set({ status: 'canceled', canceledAt: now, cancelReason: 'canceled_by_customer', updatedAt: now })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'pending_payment')));
        return { status: 'canceled' as const };
      },
    );

    app.get(
      '/api/payments/by-session/:sessionId',
      {
        schema: {
          tags,
          summary: 'The payment status for a checkout session (owner only); null while there is none',
          params: z.strictObject({ sessionId: safeText(100, { min: 1 }) }),
          response: { 200: z.object({ paymentStatus: z.string().nullable() }) },
        },
      },
      async (request) => {
        const [row] = await db
          .select({ status: payments.status })
          .from(payments)
          .where(
            and(
              eq(payments.providerSessionId, request.params.sessionId),
              eq(payments.userId, currentUser(request).id),
            ),
          )
          .limit(1);
        return { paymentStatus: row?.status ?? null };
      },
    );
  };
}
