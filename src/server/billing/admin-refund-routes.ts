import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Database } from '../db/client';
import { orders, refundRequests, user } from '../db/schema';
import type { RefundService } from './refund-service';

const tags = ['admin'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const decided = z.object({ orderId: z.number(), amountCents: z.number() });

/** Admin: the refund queue and its decisions (D8); the rules live in refunds.ts. */
export function adminRefundRoutes(deps: {
  db: Database;
  guards: SessionGuards;
  refunds: RefundService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, not preHandler: the caller's role is checked before the input is validated,
    // so anonymous callers and customers get 401/403 whatever they send.
    app.addHook('onRequest', deps.guards.requireAdmin);

    app.get(
      '/api/admin/refunds',
      {
        schema: {
          tags,
          summary: 'Refund requests, newest first',
          querystring: z.object({ status: z.enum(['requested', 'approved', 'denied']).optional() }),
        },
      },
      async (request) => {
        const rows = await deps.db
          .select({
            id: refundRequests.id,
            orderId: refundRequests.orderId,
            reason: refundRequests.reason,
            status: refundRequests.status,
            createdAt: refundRequests.createdAt,
            decidedAt: refundRequests.decidedAt,
            decisionNote: refundRequests.decisionNote,
            customerEmail: user.email,
            totalCents: orders.totalCents,
            paidAt: orders.paidAt,
          })
          .from(refundRequests)
          .innerJoin(orders, eq(orders.id, refundRequests.orderId))
          .leftJoin(user, eq(user.id, refundRequests.userId))
          .where(request.query.status ? eq(refundRequests.status, request.query.status) : undefined)
          .orderBy(desc(refundRequests.createdAt))
          .limit(200);
        return { refunds: rows };
      },
    );

    app.post(
      '/api/admin/refunds/:id/approve',
      {
        schema: {
          tags,
          summary: 'Approve: refund the payments, end the subscription, revoke the panels',
          params: idParams,
          response: { 200: decided },
        },
      },
      async (request) => {
        const result = await deps.refunds.approve(request.params.id, currentUser(request), request.ip);
        return { orderId: result.orderId, amountCents: result.amountCents };
      },
    );

    app.post(
      '/api/admin/refunds/:id/deny',
      {
        schema: {
          tags,
          summary: 'Deny, with a note for the customer',
          params: idParams,
          body: z.strictObject({ note: z.string().trim().min(1).max(1000) }),
          response: { 200: decided },
        },
      },
      async (request) => {
        const result = await deps.refunds.deny(
          request.params.id,
          currentUser(request),
          request.body.note,
          request.ip,
        );
        return { orderId: result.orderId, amountCents: result.amountCents };
      },
    );
  };
}
