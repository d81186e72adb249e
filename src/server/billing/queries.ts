import { and, count, desc, eq, getTableColumns, inArray, sum } from 'drizzle-orm';
import { DELIVERY_HOURS } from '../../domain/constants';
import { invoiceLabel } from '../../domain/format';
import { getPlan, isPlanId } from '../../domain/plans';
import type { Database } from '../db/client';
import { adminPanelInventory, orders, payments, refundRequests } from '../db/schema';
import { countPastPanels } from '../orders/my-panels';
import { customerRefundStatus, withinRefundWindow } from './refunds';
import { subscriptionEndedAt } from './subscription-end';

const planName = (id: string) => (isPlanId(id) ? (getPlan(id)?.name ?? id) : id);

/** The dashboard's figures and the panels still on their way (spec /dashboard, D7). */
export async function dashboardSummary(db: Database, userId: string) {
  const [panels] = await db
    .select({ n: count() })
    .from(adminPanelInventory)
    .where(and(eq(adminPanelInventory.soldTo, userId), eq(adminPanelInventory.status, 'sold')));
  const byStatus = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.status);
  const statusCount = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;

  // A join, not a correlated subquery: inside a raw sql`` subquery drizzle renders
  // ${orders.id} as a bare "id", which binds to the panel's id and miscounts deliveries.
  const waiting = await db
    .select({
      orderId: orders.id,
      quantity: orders.quantity,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      delivered: count(adminPanelInventory.id),
    })
    .from(orders)
    .leftJoin(adminPanelInventory, eq(adminPanelInventory.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .groupBy(orders.id)
    .orderBy(orders.paidAt);

  return {
    /** Expired and refunded panels, listed apart from the active ones (GET /api/me/panels/past). */
    pastPanels: await countPastPanels(db, userId),
    stats: {
      activePanels: panels?.n ?? 0,
      completedOrders: statusCount('completed'),
      processingOrders: statusCount('paid'),
      totalPurchases: statusCount('paid') + statusCount('completed'),
    },
    processing: waiting.map((w) => {
      const since = w.paidAt ?? w.createdAt;
      return {
        orderId: w.orderId,
        orderDate: since.toISOString(),
        missing: Math.max(0, w.quantity - w.delivered),
        deadline: new Date(since.getTime() + DELIVERY_HOURS * 3_600_000).toISOString(),
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

/** /billing: totals, purchase history (one row per payment = invoice) and subscriptions. */
export async function billingSummary(db: Database, userId: string, now: Date) {
  const history = await db
    .select({
      id: payments.id,
      invoiceNumber: payments.invoiceNumber,
      createdAt: payments.createdAt,
      amountCents: payments.amountCents,
      status: payments.status,
      method: payments.method,
      orderId: payments.orderId,
      items: orders.quantity,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));

  const [spent] = await db
    .select({ total: sum(payments.amountCents) })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'completed')));

  const subs = await db
    .select({ ...getTableColumns(orders), endedAt: subscriptionEndedAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'completed', 'refunded'])))
    .orderBy(desc(orders.createdAt));
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

  const completedPayments = history.filter((h) => h.status === 'completed');
  return {
    totalSpentCents: Number(spent?.total ?? 0),
    totalOrders: subs.length,
    lastPurchaseAt: completedPayments[0]?.createdAt.toISOString() ?? null,
    history: history.map((h) => ({
      id: h.id,
      invoice: invoiceOf(h),
      date: h.createdAt.toISOString(),
      items: h.items,
      amountCents: h.amountCents,
      status: h.status,
      method: h.method,
      orderId: h.orderId,
    })),
    subscriptions: subs.map((o) => {
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
        refundable,
        refundRequest: request
          ? { status: shown, createdAt: request.createdAt.toISOString(), note: request.decisionNote }
          : null,
      };
    }),
  };
}
