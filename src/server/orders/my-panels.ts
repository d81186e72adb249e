import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { panelViewStatus } from '../../domain/status';
import { containsPattern } from '../admin/search';
import { subscriptionEndedAt } from '../billing/subscription-end';
import type { Database } from '../db/client';
import { orders, adminPanelInventory as panels } from '../db/schema';
import { offsetOf, pageFacts } from './customer-paging';

/** Inventory statuses of a panel that was the customer's and no longer is (D8). */
const PAST = ['expired', 'retired'] as const;

/**
 * One page of the customer's active panels (status sold to them), newest purchase first,
 * optionally narrowed to e-mails containing `search` (case-insensitive; `%` and `_` are
 * literal). The (sold_to, purchase_date desc) index scopes it to the customer first, so any
 * fragment length is cheap, even for a customer with thousands of panels. No passwords:
 * they are revealed one request at a time (POST /api/me/panels/reveal, audit-logged).
 */
export async function pageOfActivePanels(
  db: Database,
  userId: string,
  query: { page: number; pageSize: number; search?: string | undefined },
) {
  const term = query.search?.trim() ?? '';
  const where = and(
    eq(panels.soldTo, userId),
    eq(panels.status, 'sold'),
    term ? ilike(panels.email, containsPattern(term)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(panels)
      .where(where)
      .orderBy(desc(panels.purchaseDate), asc(panels.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    db.select({ n: count() }).from(panels).where(where),
  ]);
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
    ...pageFacts(query.page, query.pageSize, total?.n ?? 0),
  };
}

/**
 * Panels the customer held whose subscription ended (gaps issue 7): expired, or revoked by a
 * refund. Expiry and refunds retire the inventory row and keep `sold_to` and `order_id`
 * (billing/subscriptions.ts, billing/refunds.ts), so the owner is still known; only an admin's
 * restock, which hands the panel out again with new credentials, removes the link, and the
 * panel then is no longer part of this customer's history.
 */
const pastWhere = (userId: string) => and(eq(panels.soldTo, userId), inArray(panels.status, [...PAST]));

export async function countPastPanels(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(panels).where(pastWhere(userId));
  return row?.n ?? 0;
}

/**
 * One page of past panels, most recently ended first: e-mail, why it ended (refunded or
 * expired) and when (the refund's date, or the end of the paid period), and never a password.
 */
export async function pageOfPastPanels(
  db: Database,
  userId: string,
  query: { page: number; pageSize: number },
) {
  // A panel whose order is gone from view ends when the panel was retired.
  const endedAt = sql<Date>`coalesce(${subscriptionEndedAt}, ${panels.updatedAt})`.mapWith(panels.updatedAt);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: panels.id,
        email: panels.email,
        orderId: panels.orderId,
        purchaseDate: panels.purchaseDate,
        orderStatus: orders.status,
        endedAt,
      })
      .from(panels)
      .leftJoin(orders, eq(orders.id, panels.orderId))
      .where(pastWhere(userId))
      .orderBy(desc(endedAt), desc(panels.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    countPastPanels(db, userId),
  ]);
  return {
    panels: rows.map((p) => ({
      id: p.id,
      email: p.email,
      orderId: p.orderId,
      purchaseDate: p.purchaseDate?.toISOString() ?? null,
      status: p.orderStatus === 'refunded' ? ('refunded' as const) : ('expired' as const),
      endedAt: p.endedAt.toISOString(),
    })),
    ...pageFacts(query.page, query.pageSize, total),
  };
}
