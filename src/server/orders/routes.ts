import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutRequestSchema } from '../../domain/pricing';
import { ORDER_STATUSES, panelViewStatus } from '../../domain/status';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { adminPanelInventory, orders, payments } from '../db/schema';
import type { Mailer } from '../mail/send-email';
import { paymentInstructionsMessage } from '../provisioning/emails';
import { type CheckoutDeps, startCheckout } from './checkout';
import { ownOrder } from './own-order';

const tags = ['orders'];
const orderIdParams = z.object({ id: z.coerce.number().int().positive() });

const orderSchema = z.object({
  id: z.number(),
  planId: z.string(),
  additionalPanels: z.number(),
  quantity: z.number(),
  totalCents: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  createdAt: z.string(),
  delivered: z.number(),
});

const panelSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  email: z.string(),
  purchaseDate: z.string().nullable(),
  status: z.enum(['active', 'processing']),
  domains: z.number(),
  currentMailboxes: z.number(),
  maxMailboxes: z.number(),
});

export function orderRoutes(
  deps: CheckoutDeps & { guards: SessionGuards; config: Config; mailer: Mailer },
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
        const { url, orderId, fresh } = await startCheckout(deps, customer, request.body);
        const { method } = request.body;
        if (fresh && method !== 'card') {
          const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
          if (order) {
            await deps.mailer
              .sendEmail({ to: customer.email, ...paymentInstructionsMessage(deps.config, order, method) })
              .catch((err: unknown) =>
                deps.log.error({ err, orderId }, 'could not send payment instructions'),
              );
          }
        }
        return { url, orderId };
      },
    );

    app.get(
      '/api/me/orders',
      {
        schema: {
          tags,
          summary: "The customer's orders, newest first",
          response: { 200: z.object({ orders: z.array(orderSchema) }) },
        },
      },
      async (request) => ({ orders: await listOrders(db, currentUser(request).id) }),
    );

    app.get(
      '/api/me/panels',
      {
        schema: {
          tags,
          summary: "The customer's panels (passwords are revealed separately)",
          response: { 200: z.object({ panels: z.array(panelSchema) }) },
        },
      },
      async (request) => {
        const rows = await db
          .select()
          .from(adminPanelInventory)
          .where(
            and(
              eq(adminPanelInventory.soldTo, currentUser(request).id),
              eq(adminPanelInventory.status, 'sold'),
            ),
          )
          .orderBy(desc(adminPanelInventory.purchaseDate), adminPanelInventory.id);
        return {
          panels: rows.map((p) => ({
            id: p.id,
            orderId: p.orderId,
            email: p.email,
            purchaseDate: p.purchaseDate?.toISOString() ?? null,
            status: panelViewStatus(p.status),
            domains: p.domains,
            currentMailboxes: p.currentMailboxes,
            maxMailboxes: p.maxMailboxes,
          })),
        };
      },
    );

    app.get(
      '/api/orders/:id/status',
      {
        schema: {
          tags,
          summary: "An order's status (owner only)",
          params: orderIdParams,
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
          summary: 'Mark an unpaid order canceled (the customer left the checkout)',
          params: orderIdParams,
          response: { 200: z.object({ status: z.enum(ORDER_STATUSES) }) },
        },
      },
      async (request) => {
        const order = await ownOrder(db, request.params.id, currentUser(request).id);
        if (order.status !== 'pending_payment') return { status: order.status };
        const now = deps.now();
        await db
          .update(orders)
          .set({ status: 'canceled', canceledAt: now, updatedAt: now })
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
          params: z.object({ sessionId: z.string().max(200) }),
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

async function listOrders(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const counts = await db
    .select({ orderId: adminPanelInventory.orderId, status: adminPanelInventory.status })
    .from(adminPanelInventory)
    .where(eq(adminPanelInventory.soldTo, userId));
  const delivered = new Map<number, number>();
  for (const c of counts)
    if (c.orderId !== null) delivered.set(c.orderId, (delivered.get(c.orderId) ?? 0) + 1);
  return rows.map((o) => ({
    id: o.id,
    planId: o.planId,
    additionalPanels: o.additionalPanels,
    quantity: o.quantity,
    totalCents: o.totalCents,
    status: o.status,
    paymentMethod: o.paymentMethod,
    createdAt: o.createdAt.toISOString(),
    delivered: delivered.get(o.id) ?? 0,
  }));
}
