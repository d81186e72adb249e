import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { panelRenewal } from '../../../domain/panel-billing';
import { orderRenewalCents } from '../../../domain/pricing';
import { pendingCreditCents } from '../../credits/grant';
import type { Database } from '../../db/client';
import { auditLog, creditNotes, orders, panels, payments, refundRequests, user } from '../../db/schema';
import { notFound } from '../../http/errors';
import { renewingPanels } from '../../lifecycle/renewing';

/** Entries of an order's history that come from the audit log (kept short on screen). */
const HISTORY_LIMIT = 200;

export interface HistoryEntry {
  at: Date;
  event: string;
  actor: { id: string | null; email: string | null } | null;
  details: Record<string, unknown> | null;
}

/** The order's own timestamps, as history entries: the lifecycle of D5 at a glance. */
function lifecycle(order: typeof orders.$inferSelect): HistoryEntry[] {
  const steps: [string, Date | null][] = [
    ['order.created', order.createdAt],
    ['order.paid', order.paidAt],
    ['order.completed', order.completedAt],
    ['order.canceled', order.canceledAt],
    ['order.refunded', order.refundedAt],
  ];
  return steps.flatMap(([event, at]) => (at ? [{ at, event, actor: null, details: null }] : []));
}

/**
 * A panel's renewal as the customer reads it (docs/decisions/0017); a panel the order no longer
 * holds without having ended (replaced under the warranty) has none.
 */
function adminPanelRenewal(
  panel: { status: string; cancelAtPeriodEnd: boolean; endedAt: Date | null },
  order: typeof orders.$inferSelect,
) {
  if (panel.status !== 'sold' && panel.endedAt === null) return { renewsAt: null, endsAt: null };
  return panelRenewal({
    ...panel,
    subscriptionStatus: order.subscriptionStatus,
    currentPeriodEnd: order.currentPeriodEnd,
  });
}

/** Everything an operator needs on one order: customer, payments, panels, refunds, history. */
export async function orderDetail(db: Database, orderId: number) {
  const [row] = await db
    .select({ order: orders, customer: { id: user.id, email: user.email, name: user.name } })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('No such order.');
  const { order } = row;

  const [orderPayments, orderPanels, refunds, audit] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    db
      .select({
        id: panels.id,
        email: panels.email,
        status: panels.status,
        purchaseDate: panels.purchaseDate,
        maxMailboxes: panels.maxMailboxes,
        cancelAtPeriodEnd: panels.cancelAtPeriodEnd,
        endedAt: panels.endedAt,
      })
      .from(panels)
      .where(eq(panels.orderId, orderId))
      .orderBy(asc(panels.id)),
    db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.orderId, orderId))
      .orderBy(asc(refundRequests.id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(orderId))))
      .orderBy(desc(auditLog.id))
      .limit(HISTORY_LIMIT),
  ]);

  const history = [
    ...lifecycle(order),
    ...audit.map((a) => ({
      at: a.createdAt,
      event: a.action,
      actor: { id: a.actorId, email: a.actorEmail },
      details: a.details ?? null,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  // A refunded payment's credit note (docs/decisions/0013), linked beside it.
  const notes =
    orderPayments.length === 0
      ? []
      : await db
          .select()
          .from(creditNotes)
          .where(
            inArray(
              creditNotes.paymentId,
              orderPayments.map((p) => p.id),
            ),
          );
  const renewing = await renewingPanels(db, order);
  return {
    order,
    customer: row.customer?.id ? row.customer : null,
    pendingCreditCents: await pendingCreditCents(db, orderId),
    renewal: { panels: renewing, amountCents: renewing > 0 ? orderRenewalCents(order, renewing) : 0 },
    payments: orderPayments.map((p) => ({
      ...p,
      creditNote: notes.find((n) => n.paymentId === p.id) ?? null,
    })),
    panels: orderPanels.map((panel) => ({ ...panel, ...adminPanelRenewal(panel, order) })),
    refundRequests: refunds,
    history,
  };
}

export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;
