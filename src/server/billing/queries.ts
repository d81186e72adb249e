import { and, desc, eq, getTableColumns, inArray, lt, type SQL, sql, sum } from 'drizzle-orm';
import { DELIVERY_HOURS } from '../../domain/constants';
import { creditNoteRef, invoiceLabel } from '../../domain/format';
import { getPlan, isPlanId } from '../../domain/plans';
import { orderRenewalCents } from '../../domain/pricing';
import { pendingCreditsOf } from '../credits/grant';
import type { Database } from '../db/client';
import { perDatabase } from '../db/per-database';
import { readMemo } from '../db/read-memo';
import { creditNotes, orders, payments, refundRequests, workspaces } from '../db/schema';
import { renewingPanelsSql } from '../lifecycle/renewing';
import { subscriptionEndedAt } from '../orders/subscription-end';
import { customerRefundStatus, withinRefundWindow } from './refunds/refund-rules';

interface Waiting {
  orderId: number;
  quantity: number;
  since: string;
  delivered: number;
  ahead: number;
}

const planName = (id: string) => (isPlanId(id) ? (getPlan(id)?.name ?? id) : id);

/** One statement for the dashboard, prepared once per database handle (docs/performance.md). */
function prepareDashboard(db: Database) {
  const workspaceId = sql.placeholder('workspaceId');
  const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
  return db
    .select({
      activePanels: countOf(
        sql`select count(*) from admin_panel_inventory where workspace_id = ${workspaceId} and status = 'sold'`,
      ),
      completedOrders: countOf(
        sql`select count(*) from orders where workspace_id = ${workspaceId} and status = 'completed'`,
      ),
      processingOrders: countOf(
        sql`select count(*) from orders where workspace_id = ${workspaceId} and status = 'paid'`,
      ),
      pastPanels: countOf(
        sql`select count(*) from admin_panel_inventory where workspace_id = ${workspaceId} and status in ('expired', 'retired')`,
      ),
      // Paid orders still missing panels, oldest payment first, each with what has arrived and
      // how many waiting orders (anyone's) allocation serves before it: the same order as
      // provisioning/fulfillment.ts, oldest payment first, then by number.
      waiting: sql<Waiting[]>`(
        select coalesce(json_agg(json_build_object(
          'orderId', o.id,
          'quantity', o.quantity,
          'since', coalesce(o.paid_at, o.created_at),
          'delivered', (select count(*) from admin_panel_inventory p where p.order_id = o.id),
          'ahead', (select count(*) from orders a where a.status = 'paid'
                    and (coalesce(a.paid_at, 'infinity'::timestamptz), a.id)
                      < (coalesce(o.paid_at, 'infinity'::timestamptz), o.id))
        ) order by o.paid_at, o.id), '[]'::json)
        from orders o where o.workspace_id = ${workspaceId} and o.status = 'paid'
      )`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .prepare('dashboard_summary');
}

const dashboardQuery = perDatabase((db) => ({ prepared: prepareDashboard(db), memo: readMemo(db) }));

/** The dashboard's figures and the panels still on their way (docs/product.md §2, D7). */
export async function dashboardSummary(db: Database, workspaceId: string) {
  const { prepared, memo } = dashboardQuery(db);
  const load = () => prepared.execute({ workspaceId });
  const [row] = await (memo ? memo.read(`dashboard:${workspaceId}`, load) : load());
  const waiting = typeof row?.waiting === 'string' ? JSON.parse(row.waiting) : (row?.waiting ?? []);
  return {
    /** Expired and refunded panels, listed apart from the active ones (GET /api/me/panels/past). */
    pastPanels: row?.pastPanels ?? 0,
    stats: {
      activePanels: row?.activePanels ?? 0,
      completedOrders: row?.completedOrders ?? 0,
      processingOrders: row?.processingOrders ?? 0,
      totalPurchases: (row?.processingOrders ?? 0) + (row?.completedOrders ?? 0),
    },
    processing: (waiting as Waiting[]).map((w) => {
      const since = new Date(w.since);
      return {
        orderId: w.orderId,
        orderDate: since.toISOString(),
        missing: Math.max(0, w.quantity - w.delivered),
        deadline: new Date(since.getTime() + DELIVERY_HOURS * 3_600_000).toISOString(),
        queuePlace: Number(w.ahead) + 1,
      };
    }),
  };
}

/**
 * A payment's invoice label. Payments are numbered as their transaction commits (schema.ts),
 * so a committed row without a number means the database lost that rule.
 */
function invoiceOf(payment: { id: number; invoiceNumber: number | null }): string {
  if (payment.invoiceNumber === null) throw new Error(`Payment ${payment.id} has no invoice number.`);
  return invoiceLabel(payment.invoiceNumber);
}

/** A payment as its history line reads it: all but the invoice parties' copies, which only its documents print. */
const { buyerSnapshot: _buyer, sellerSnapshot: _seller, ...historyColumns } = getTableColumns(payments);

/** /billing: totals, purchase history (one row per payment = invoice) and subscriptions. */
export async function billingSummary(db: Database, workspaceId: string, now: Date) {
  const history = await db
    .select({
      payment: historyColumns,
      // Payments from before panels were counted paid for the whole order.
      items: sql<number>`coalesce(${payments.panelCount}, ${orders.quantity})`.mapWith(Number),
      creditNote: creditNotes,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(creditNotes, eq(creditNotes.paymentId, payments.id))
    .where(eq(payments.workspaceId, workspaceId))
    .orderBy(desc(payments.createdAt), desc(payments.id));

  const [spent] = await db
    .select({ total: sum(payments.amountCents) })
    .from(payments)
    .where(and(eq(payments.workspaceId, workspaceId), eq(payments.status, 'completed')));

  const subs = await subscriptionsOf(db, workspaceId, now);

  const lastPurchase = history.find((h) => h.payment.status === 'completed')?.payment;
  return {
    totalSpentCents: Number(spent?.total ?? 0),
    totalOrders: subs.length,
    lastPurchaseAt: lastPurchase?.createdAt.toISOString() ?? null,
    history: history.map(({ payment, items, creditNote }) => ({
      id: payment.id,
      invoice: invoiceOf(payment),
      date: payment.createdAt.toISOString(),
      items,
      amountCents: payment.amountCents,
      status: payment.status,
      method: payment.method,
      orderId: payment.orderId,
      creditNote: creditNoteRef(creditNote),
    })),
    subscriptions: subs,
  };
}

/** What the next renewal pays for: nothing once the subscription is over (docs/decisions/0017). */
function renewalOf(o: typeof orders.$inferSelect & { renewingPanels: number }) {
  const running =
    (o.status === 'paid' || o.status === 'completed') &&
    (o.subscriptionStatus === 'active' || o.subscriptionStatus === 'past_due');
  const panels = running ? o.renewingPanels : 0;
  return { renewingPanels: panels, renewalPriceCents: panels > 0 ? orderRenewalCents(o, panels) : 0 };
}

/**
 * The customer's subscriptions (every order that was paid), each with its refund request:
 * all of them newest first for /billing, or a page by order number from the newest, below
 * `before` when given, for /api/v1/subscriptions.
 */
export async function subscriptionsOf(
  db: Database,
  workspaceId: string,
  now: Date,
  page?: { before?: number | undefined; limit: number },
) {
  const where = and(
    eq(orders.workspaceId, workspaceId),
    inArray(orders.status, ['paid', 'completed', 'refunded']),
    page?.before === undefined ? undefined : lt(orders.id, page.before),
  );
  const query = db
    .select({ ...getTableColumns(orders), endedAt: subscriptionEndedAt, renewingPanels: renewingPanelsSql })
    .from(orders)
    .where(where);
  const subs = page
    ? await query.orderBy(desc(orders.id)).limit(page.limit)
    : await query.orderBy(desc(orders.createdAt));
  const requests = subs.length
    ? await db
        .select()
        .from(refundRequests)
        .where(
          inArray(
            refundRequests.orderId,
            subs.map((s) => s.id),
          ),
        )
        .orderBy(desc(refundRequests.createdAt))
    : [];
  const credits = await pendingCreditsOf(
    db,
    subs.map((s) => s.id),
  );
  return subs.map((o) => {
    const request = requests.find((r) => r.orderId === o.id) ?? null;
    const shown = request ? customerRefundStatus(request.status) : null;
    const refundable =
      (o.status === 'paid' || o.status === 'completed') &&
      withinRefundWindow(o.paidAt, now) &&
      shown !== 'requested' &&
      shown !== 'approved';
    return {
      orderId: o.id,
      planId: o.planId,
      planName: planName(o.planId),
      quantity: o.quantity,
      totalCents: o.totalCents,
      status: o.status,
      subscriptionStatus: o.subscriptionStatus,
      provider: o.provider,
      currentPeriodEnd: o.currentPeriodEnd?.toISOString() ?? null,
      // Refunded: the refund's date, never the period end still ahead (subscription-end.ts).
      endedAt: o.endedAt?.toISOString() ?? null,
      cancelAtPeriodEnd: o.cancelAtPeriodEnd,
      ...renewalOf(o),
      refundable,
      // Shown only while a renewal is still coming to spend it.
      pendingCreditCents:
        (o.subscriptionStatus === 'active' || o.subscriptionStatus === 'past_due') && !o.cancelAtPeriodEnd
          ? (credits.get(o.id) ?? 0)
          : 0,
      refundRequest: request
        ? {
            status: customerRefundStatus(request.status),
            createdAt: request.createdAt.toISOString(),
            note: request.decisionNote,
          }
        : null,
    };
  });
}
