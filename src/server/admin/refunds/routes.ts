import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '../../../domain/input-bounds';
import { currentUser } from '../../auth/session';
import { REFUND_REQUEST_STATUSES } from '../../db/schema';
import type { AdminDeps } from '../deps';
import { idParams, tags } from '../schemas';
import { listRefundRequests } from './service';

const decided = z.object({ orderId: z.number(), amountCents: z.number() });
const statusFilter = z.enum([...REFUND_REQUEST_STATUSES, 'open']);

/** The refund queue and its decisions (D8); the rules live in billing/refunds.ts. */
export function adminRefundRoutes({ db, refunds }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
        const rows = await listRefundRequests(db, request.query.status);
        return { refunds: rows.map((row) => ({ ...row, retryable: refunds.retryable(row) })) };
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
        const result = await refunds.approve(request.params.id, currentUser(request), request.ip);
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
        const result = await refunds.deny(
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
