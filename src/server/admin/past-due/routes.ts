import { asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPastDueApi } from '../../../domain/api/admin/endpoints';
import { PAST_DUE_PAGE_SIZE } from '../../../domain/api/past-due';
import { pastDueViewsOf, pastDueWhere } from '../../billing/subscriptions/past-due';
import type { Database } from '../../db/client';
import { orders, user } from '../../db/schema';
import { serving } from '../../http/serve';
import type { AdminDeps } from '../deps';
import { offsetOf, pageOf } from '../paging';

/**
 * A page of every past-due subscription, longest past due first, with its customer's e-mail
 * and its next dunning step. Few subscriptions are past due at once (three days each), so
 * the total is counted exactly.
 */
async function pastDuePage(db: Database, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, customerEmail: user.email })
      .from(orders)
      .leftJoin(user, eq(user.id, orders.userId))
      .where(pastDueWhere)
      .orderBy(asc(orders.currentPeriodEnd), asc(orders.id))
      .limit(PAST_DUE_PAGE_SIZE)
      .offset(offsetOf(page, PAST_DUE_PAGE_SIZE)),
    db.select({ n: count() }).from(orders).where(pastDueWhere),
  ]);
  const emailOf = new Map(rows.map((r) => [r.order.id, r.customerEmail]));
  const views = await pastDueViewsOf(
    db,
    rows.map((r) => r.order),
  );
  const items = views.map((v) => ({ ...v, customerEmail: emailOf.get(v.orderId) ?? null }));
  return pageOf(items, page, PAST_DUE_PAGE_SIZE, { total: total?.n ?? 0, totalIsEstimate: false });
}

/** The console's past-due list (D8, docs/decisions/0019-dunning.md). */
export function adminPastDueRoutes({ db, guards }: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    serve(app, adminPastDueApi.page, async (request) => pastDuePage(db, request.query.page));
  };
}
