import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../domain/api/admin/paging';
import {
  refundDecidedSchema,
  refundDenyBodySchema,
  refundQueueQuerySchema,
  refundQueueSchema,
} from '../../../domain/api/admin/refunds';
import { currentUser } from '../../auth/session';
import type { AdminDeps } from '../deps';
import { iso, isoOrNull, tags } from '../schemas';
import { listRefundRequests } from './service';

/** The refund queue and its decisions (D8); the rules live in billing/refunds.ts. */
export function adminRefundRoutes({ db, refunds }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/refunds',
      {
        schema: {
          tags,
          summary: 'Refund requests, newest first',
          querystring: refundQueueQuerySchema,
          response: { 200: refundQueueSchema },
        },
      },
      async (request) => {
        const rows = await listRefundRequests(db, request.query.status);
        const refundsOut = rows.map((row) => ({
          ...row,
          createdAt: iso(row.createdAt),
          decidedAt: isoOrNull(row.decidedAt),
          claimedAt: isoOrNull(row.claimedAt),
          paidAt: isoOrNull(row.paidAt),
          retryable: refunds.retryable(row),
        }));
        return { refunds: refundsOut };
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
          response: { 200: refundDecidedSchema },
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
          body: refundDenyBodySchema,
          response: { 200: refundDecidedSchema },
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
