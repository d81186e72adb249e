import { and, eq, inArray } from 'drizzle-orm';
import { REFUND_WINDOW_DAYS } from '../../domain/constants';
import { recordAudit } from '../audit/audit';
import type { Database } from '../db/client';
import { adminPanelInventory, orders, payments, refundRequests } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';

const WINDOW_MS = REFUND_WINDOW_DAYS * 86_400_000;

/** Inside the 14-day money-back window, counted from the first payment (D8). */
export function withinRefundWindow(paidAt: Date | null, at: Date): boolean {
  return paidAt !== null && at.getTime() - paidAt.getTime() < WINDOW_MS;
}

export async function requestRefund(
  db: Database,
  input: { orderId: number; userId: string; reason: string; now: Date; ip: string | null },
) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
      .for('update');
    if (!order) throw notFound('No such order.');
    if (order.status !== 'paid' && order.status !== 'completed') {
      throw badRequest('Only a paid order can be refunded.', 'not_refundable');
    }
    if (!withinRefundWindow(order.paidAt, input.now)) {
      throw badRequest(
        `Refunds are available within ${REFUND_WINDOW_DAYS} days of purchase; this order is older. There are no pro-rated refunds.`,
        'refund_window_closed',
      );
    }
    const [open] = await tx
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(and(eq(refundRequests.orderId, order.id), eq(refundRequests.status, 'requested')));
    if (open)
      throw conflict(
        'A refund request for this order is already waiting for review.',
        'refund_already_requested',
      );
    const [created] = await tx
      .insert(refundRequests)
      .values({
        orderId: order.id,
        userId: input.userId,
        reason: input.reason,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    await recordAudit(tx, {
      actorId: input.userId,
      action: 'refund.requested',
      targetType: 'order',
      targetId: order.id,
      ip: input.ip,
    });
    return created!;
  });
}

export interface RefundDecisionDeps {
  db: Database;
  providerFor: (name: string) => PaymentProvider | null;
  now: () => Date;
}

export interface DecidedRefund {
  orderId: number;
  userId: string | null;
  amountCents: number;
}

/**
 * Approves a refund (D8): the server re-checks the 14-day rule (on the request's date),
 * the provider refunds every completed payment of the order (idempotently), then in one
 * transaction the payments and the order become refunded, the subscription ends and the
 * panels are revoked (retired; gone from the customer's list).
 */
export async function approveRefund(
  deps: RefundDecisionDeps,
  requestId: number,
  admin: { id: string; email: string },
  ip: string | null,
): Promise<DecidedRefund> {
  const { db } = deps;
  const [request] = await db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
  if (!request) throw notFound('No such refund request.');
  if (request.status !== 'requested')
    throw conflict(`This request was already ${request.status}.`, 'refund_decided');
  const [order] = await db.select().from(orders).where(eq(orders.id, request.orderId));
  if (!order) throw notFound('No such order.');
  if (!withinRefundWindow(order.paidAt, request.createdAt)) {
    throw badRequest(
      'This request was made after the 14-day window and cannot be approved.',
      'refund_window_closed',
    );
  }
  const paid = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'completed')));
  const provider = deps.providerFor(order.provider);
  for (const payment of paid) {
    if (provider?.refund && payment.providerChargeId)
      await provider.refund(payment.providerChargeId, payment.amountCents);
  }
  if (provider?.cancelSubscription && order.providerSubscriptionId) {
    await provider.cancelSubscription(order.providerSubscriptionId);
  }

  const now = deps.now();
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refundRequests)
      .set({ status: 'approved', decidedBy: admin.id, decidedAt: now, updatedAt: now })
      .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'requested')))
      .returning({ id: refundRequests.id });
    if (!claimed) throw conflict('This request was decided meanwhile.', 'refund_decided');
    await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: now })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'completed')));
    await tx
      .update(orders)
      .set({
        status: 'refunded',
        refundedAt: now,
        subscriptionStatus: 'canceled',
        cancelAtPeriodEnd: false,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await tx
      .update(adminPanelInventory)
      .set({ status: 'retired', updatedAt: now })
      .where(
        and(
          eq(adminPanelInventory.orderId, order.id),
          inArray(adminPanelInventory.status, ['sold', 'expired']),
        ),
      );
    await recordAudit(tx, {
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'refund.approved',
      targetType: 'order',
      targetId: order.id,
      details: { requestId, amountCents: paid.reduce((sum, p) => sum + p.amountCents, 0) },
      ip,
    });
  });
  return {
    orderId: order.id,
    userId: order.userId,
    amountCents: paid.reduce((sum, p) => sum + p.amountCents, 0),
  };
}

export async function denyRefund(
  db: Database,
  requestId: number,
  admin: { id: string; email: string },
  note: string,
  now: Date,
  ip: string | null,
): Promise<DecidedRefund> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .update(refundRequests)
      .set({ status: 'denied', decidedBy: admin.id, decisionNote: note, decidedAt: now, updatedAt: now })
      .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'requested')))
      .returning();
    if (!request) throw conflict('No refund request waiting with this id.', 'refund_decided');
    await recordAudit(tx, {
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'refund.denied',
      targetType: 'order',
      targetId: request.orderId,
      details: { requestId },
      ip,
    });
    return { orderId: request.orderId, userId: request.userId, amountCents: 0 };
  });
}
