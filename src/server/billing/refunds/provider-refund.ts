import { and, eq, inArray } from 'drizzle-orm';
import { OPEN_REFUND_STATUSES } from '../../../domain/status';
import { recordAudit } from '../../audit/audit';
import type { Tx } from '../../db/client';
import { orders, payments, refundRequests } from '../../db/schema';
import { emitRefundEvent } from '../../webhooks/emit';
import { closeRefundedOrderTx, refundedCents } from './refund-close';
import type { DecidedRefund } from './refund-rules';

/** What a refund made at the provider (its `charge.refunded`) changed in our records. */
export interface ProviderRefundEffect {
  orderId: number;
  provider: string;
  /** The provider subscription to end now that the whole order is refunded, if any. */
  cancelSubscriptionId: string | null;
  /** An open request this closed as approved: its customer is told, in the event's transaction. */
  closed: DecidedRefund | null;
}

export const PROVIDER_REFUND_NOTE = 'Refunded through our payment provider.';

/**
 * A refund made at the provider (Stripe's dashboard, or the echo of our own approval) brought
 * into our records, inside the event's transaction. A partial refund is only logged: our
 * payments are either paid or refunded. Returns 'unknown' for a charge we have no payment for
 * yet, so the provider delivers the event again later.
 */
export async function applyProviderRefundTx(
  tx: Tx,
  input: {
    provider: string;
    chargeId: string;
    fullyRefunded: boolean;
    amountRefundedCents: number;
    now: Date;
  },
): Promise<ProviderRefundEffect | null | 'unknown'> {
  const { now } = input;
  const byCharge = and(eq(payments.provider, input.provider), eq(payments.providerChargeId, input.chargeId));
  const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(byCharge);
  if (!found) return 'unknown';
  // Order, then payment, then request: the order an approval's finish locks in too.
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
  const [payment] = await tx.select().from(payments).where(byCharge).for('update');
  if (!order || !payment) return 'unknown';
  if (!input.fullyRefunded) {
    await recordAudit(tx, {
      actorId: null,
      action: 'payment.partially_refunded',
      targetType: 'order',
      targetId: payment.orderId,
      details: { paymentId: payment.id, amountRefundedCents: input.amountRefundedCents },
    });
    return null;
  }

  if (payment.status === 'completed') {
    await tx.update(payments).set({ status: 'refunded', updatedAt: now }).where(eq(payments.id, payment.id));
    await recordAudit(tx, {
      actorId: null,
      action: 'payment.refunded',
      targetType: 'order',
      targetId: order.id,
      details: { paymentId: payment.id, amountCents: payment.amountCents, source: 'provider' },
    });
  }
  const [unrefunded] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'completed')))
    .limit(1);
  const live = order.status === 'paid' || order.status === 'completed';
  // Part of the order's money is still with us: the order stays as it is.
  if (unrefunded || !live) return null;

  const amountCents = await refundedCents(tx, order.id);
  await closeRefundedOrderTx(tx, order.id, [], now, {
    cause: 'provider',
    audit: { details: { amountCents, source: 'provider' } },
  });

  const [open] = await tx
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.orderId, order.id), inArray(refundRequests.status, OPEN_REFUND_STATUSES)))
    .for('update');
  // An approval under way owns its request: it finishes it (idempotently over what we just
  // did), tells the customer and ends the subscription itself.
  if (open?.status === 'approving') {
    return { orderId: order.id, provider: order.provider, cancelSubscriptionId: null, closed: null };
  }
  let closed: DecidedRefund | null = null;
  if (open) {
    await tx
      .update(refundRequests)
      .set({
        status: 'approved',
        decidedAt: now,
        decisionNote: PROVIDER_REFUND_NOTE,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(refundRequests.id, open.id));
    await emitRefundEvent(tx, 'refund.approved', open.id, now);
    await recordAudit(tx, {
      actorId: null,
      action: 'refund.approved',
      targetType: 'order',
      targetId: order.id,
      details: { requestId: open.id, amountCents, source: 'provider' },
    });
    closed = {
      requestId: open.id,
      orderId: order.id,
      userId: open.userId,
      approved: true,
      amountCents,
      note: PROVIDER_REFUND_NOTE,
    };
  }
  return {
    orderId: order.id,
    provider: order.provider,
    cancelSubscriptionId: order.providerSubscriptionId,
    closed,
  };
}
