import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, safeText } from '../../domain/input-bounds';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Database } from '../db/client';
import { OPEN_REFUND_STATUSES, orders, REFUND_REQUEST_STATUSES, refundRequests, user } from '../db/schema';
import type { RefundService } from './refund-service';

const tags = ['admin'];
const idParams = idParamsSchema;
const decided = z.object({ orderId: z.number(), amountCents: z.number() });
/** 'open' = everything not decided yet: waiting, being refunded, or failed and waiting for a retry. */
const statusFilter = z.enum([...REFUND_REQUEST_STATUSES, 'open']);

function filterOf(status: z.infer<typeof statusFilter> | undefined) {
  if (status === 'open') return inArray(refundRequests.status, OPEN_REFUND_STATUSES);
  return status ? eq(refundRequests.status, status) : undefined;
}

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
          querystring: z.object({ status: statusFilter.optional() }),
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
            claimedAt: refundRequests.claimedAt,
            lastError: refundRequests.lastError,
            customerEmail: user.email,
            totalCents: orders.totalCents,
            paidAt: orders.paidAt,
          })
          .from(refundRequests)
          .innerJoin(orders, eq(orders.id, refundRequests.orderId))
          .leftJoin(user, eq(user.id, refundRequests.userId))
          .where(filterOf(request.query.status))
          .orderBy(desc(refundRequests.createdAt))
          .limit(200);
        return { refunds: rows.map((row) => ({ ...row, retryable: deps.refunds.retryable(row) })) };
      },
    );

    app.post(
      '/api/admin/refunds/:id/approve',
      {
        schema: {
          tags,
          summary:
            'Approve (or retry a failed approval): refund the payments, end the subscription, revoke the panels',
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
          body: z.strictObject({ note: safeText(1000, { multiline: true, trim: true, min: 1 }) }),
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
