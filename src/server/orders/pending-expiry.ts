import { and, asc, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CancelReason } from '../../domain/cancel-reasons';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import { orders } from '../db/schema';
import { cancelUnpaidOrder, cancelUnpaidOrderTx } from '../lifecycle/order-moves';
import type { PaymentProvider } from '../payments/provider';

type OrderRow = typeof orders.$inferSelect;

/**
 * A card checkout lives as long as the provider's session: Stripe's Checkout Session expires
 * 24 hours after it was created, and the sandbox copies it. Past that, nobody can pay it.
 */
export const CARD_CHECKOUT_HOURS = 24;
/** Orders handled per round; the next round takes the rest. */
const BATCH = 200;

/** An order whose customer is gone was canceled by the deletion, whatever ran out first. */
const reasonFor = (order: Pick<OrderRow, 'userId'>, reason: CancelReason): CancelReason =>
  order.userId === null ? 'account_deleted' : reason;

export interface CardExpiryDeps {
  db: Database;
  providerFor: (name: string) => PaymentProvider | null;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Cancels card orders left pending past the checkout's lifetime (D5: checkout expired). The
 * provider's session is expired first, so the checkout cannot be paid after its order was
 * canceled; a session that turns out paid is left to its payment event. A provider that does
 * not answer leaves the order for the next round. Returns the orders canceled.
 */
export async function expireCardCheckouts(deps: CardExpiryDeps, now: Date): Promise<number[]> {
  const cutoff = new Date(now.getTime() - CARD_CHECKOUT_HOURS * 3_600_000);
  const stale = await deps.db
    .select({
      id: orders.id,
      userId: orders.userId,
      provider: orders.provider,
      sessionId: orders.providerSessionId,
    })
    .from(orders)
    .where(
      and(eq(orders.status, 'pending_payment'), ne(orders.provider, 'manual'), lte(orders.createdAt, cutoff)),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  const canceled: number[] = [];
  for (const order of stale) {
    const provider = deps.providerFor(order.provider);
    if (provider?.expireCheckout && order.sessionId) {
      try {
        if ((await provider.expireCheckout(order.sessionId)) === 'paid') continue;
      } catch (err) {
        deps.log.error({ err, orderId: order.id }, 'could not expire the checkout at the payment provider');
        continue;
      }
    }
    const moved = await cancelUnpaidOrder(deps.db, order.id, reasonFor(order, 'checkout_expired'), {
      cause: 'system',
      at: now,
    });
    if (moved.ok) canceled.push(order.id);
  }
  return canceled;
}

export interface ManualChange {
  order: OrderRow;
  kind: 'reminded' | 'canceled';
}

/**
 * Bank transfer and crypto orders wait MANUAL_PAYMENT_DAYS for their payment: half-way, a
 * still-unpaid order is reminded once (`payment_reminder_sent_at`); at the end it is
 * canceled as 'payment_not_received'. `onChanges` runs in the same transaction (the
 * e-mails), so a reminder is marked sent exactly when its e-mail is queued.
 */
export async function runManualPaymentSweep(
  db: Database,
  config: Config,
  now: Date,
  effects: { onChanges?(tx: Tx, changes: ManualChange[]): Promise<void> } = {},
): Promise<ManualChange[]> {
  const windowMs = config.manualPayments.paymentDays * 86_400_000;
  const deadlineCutoff = new Date(now.getTime() - windowMs);
  const reminderCutoff = new Date(now.getTime() - windowMs / 2);
  const pendingManual = and(eq(orders.status, 'pending_payment'), eq(orders.provider, 'manual'));
  return db.transaction(async (tx) => {
    const changes: ManualChange[] = [];
    const expired = await tx
      .select()
      .from(orders)
      .where(and(pendingManual, lte(orders.createdAt, deadlineCutoff)))
      .orderBy(asc(orders.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const order of expired) {
      const cancelReason = reasonFor(order, 'payment_not_received');
      const moved = await cancelUnpaidOrderTx(tx, order.id, cancelReason, { cause: 'system', at: now });
      if (!moved.ok) continue;
      changes.push({ order: { ...order, status: 'canceled', cancelReason }, kind: 'canceled' });
    }
    const unpaid = await tx
      .select()
      .from(orders)
      .where(
        and(
          pendingManual,
          isNull(orders.paymentReminderSentAt),
          lte(orders.createdAt, reminderCutoff),
          gt(orders.createdAt, deadlineCutoff),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const order of unpaid) {
      await tx
        .update(orders)
        .set({ paymentReminderSentAt: now, updatedAt: now })
        .where(eq(orders.id, order.id));
      changes.push({ order, kind: 'reminded' });
    }
    if (changes.length > 0) await effects.onChanges?.(tx, changes);
    return changes;
  });
}
