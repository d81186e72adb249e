import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRefundsApi } from '../../../domain/api/admin/endpoints';
import { currentUser } from '../../auth/session';
import { serving } from '../../http/serve';
import type { AdminDeps } from '../deps';
import { iso, isoOrNull } from '../schemas';
import { listRefundRequests } from './service';

/** The refund queue and its decisions (D8); the rules live in billing/refunds/refund-rules.ts and billing/refunds/refund-decisions.ts. */
export function adminRefundRoutes({ db, refunds, guards }: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    serve(app, adminRefundsApi.page, async (request) => {
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
    });

    serve(app, adminRefundsApi.approve, async (request) => {
      const result = await refunds.approve(request.params.id, currentUser(request), request.ip);
      return { orderId: result.orderId, amountCents: result.amountCents };
    });

    serve(app, adminRefundsApi.deny, async (request) => {
      const result = await refunds.deny(
        request.params.id,
        currentUser(request),
        request.body.note,
        request.ip,
      );
      return { orderId: result.orderId, amountCents: result.amountCents };
    });
  };
}
