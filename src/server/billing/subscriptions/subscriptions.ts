import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { graceEndOf } from '../../../domain/dunning';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../domain/status';
import { lapsePendingCredits } from '../../credits/lapse';
import type { Database, Tx } from '../../db/client';
import { orders, panels } from '../../db/schema';
import {
  expireSubscriptionTx,
  markPastDueTx,
  setCancelAtPeriodEndTx,
} from '../../lifecycle/subscription-moves';
import { closeRequestsOfEndedPanels } from '../../replacements/close';
import { type ExpiredPanel, expireCanceledPanelsTx } from '../panels/panel-billing';
import { queueStripeQuantityTx } from '../panels/stripe-quantity';
import { chargeSandboxRenewalTx } from './sandbox-renewal';

/**
 * Ends an order's subscription (D8): the customer sees it expired, and its panels are
 * retired in inventory until an admin rotates their credentials and restocks them. Their open
 * replacement requests close, and a credit waiting for the next renewal lapses. A subscription
 * that ended already (or never started) is left as it is.
 */
export async function expireOrderTx(
  tx: Tx,
  orderId: number,
  now: Date,
  cause: 'provider' | 'system' = 'system',
): Promise<boolean> {
  const expired = await expireSubscriptionTx(tx, orderId, { cause, at: now });
  if (!expired.ok) return false;
  await tx
    .update(panels)
    .set({ status: 'retired', updatedAt: now })
    .where(and(eq(panels.orderId, orderId), eq(panels.status, 'sold')));
  await closeRequestsOfEndedPanels(tx, { orderId }, now);
  await lapsePendingCredits(tx, { orderId });
  return true;
}

export interface SweepChange {
  orderId: number;
  userId: string | null;
  /** `panels_expired`: panels the customer canceled reached the period end; the order runs on. */
  kind: 'renewed' | 'past_due' | 'expired' | 'panels_expired';
  /** Past due: whose renewal failed, which says what the dunning does next. */
  provider?: 'sandbox' | 'manual';
  amountCents?: number;
  periodEnd?: Date;
  /** Renewed: the panels the renewal paid for. */
  panels?: number;
  /** Expired: the grace period of a past-due renewal ended unpaid (a dunning step). */
  afterGrace?: boolean;
  /** Panels expired: which ones, and when each ended. */
  ended?: ExpiredPanel[];
}

const LIVE = ['paid', 'completed'] as const;

export interface SweepEffects {
  /** Runs in the sweep's transaction with what it changed (the customers' e-mails). */
  onChanges?(tx: Tx, changes: SweepChange[]): Promise<void>;
}

/**
 * The scheduled part of subscriptions, driven only by the order rows and the clock, so a
 * sweep can run any number of times, on any instance, after any downtime:
 * - the panels canceled on their own expire at the period end, whatever the order does;
 * - sandbox subscriptions renew themselves at the period end (a payment row per month, for
 *   the panels that renew, at their price: docs/decisions/0017), or fall past due when the
 *   card declines (docs/decisions/0019: the dunning sweep retries it);
 * - manual (bank transfer, crypto) subscriptions fall past due at the period end;
 * - a subscription canceled at period end (every panel canceled) expires then;
 * - a past-due subscription expires after the grace period;
 * - a canceled panel whose end a renewal paid ahead fixed expires at that end.
 * Stripe renews through its own invoice events (payment-events/process-event.ts).
 */
export async function runSubscriptionSweep(
  db: Database,
  now: Date,
  effects: SweepEffects = {},
): Promise<SweepChange[]> {
  return db.transaction(async (tx) => {
    const changes: SweepChange[] = [];

    const due = await tx
      .select()
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...LIVE]),
          inArray(orders.subscriptionStatus, LIVE_SUBSCRIPTION_STATUSES),
          lte(orders.currentPeriodEnd, now),
        ),
      )
      .orderBy(orders.currentPeriodEnd)
      .for('update', { skipLocked: true });

    for (const order of due) {
      const periodEnd = order.currentPeriodEnd;
      if (!periodEnd) continue;
      if (order.cancelAtPeriodEnd) {
        await expireOrderTx(tx, order.id, now);
        changes.push({ orderId: order.id, userId: order.userId, kind: 'expired' });
        continue;
      }
      if (order.subscriptionStatus === 'active') {
        const ended = await expireCanceledPanelsTx(tx, order.id, periodEnd, 'system', now);
        if (ended.length > 0) {
          changes.push({ orderId: order.id, userId: order.userId, kind: 'panels_expired', ended, periodEnd });
        }
      }
      if (order.subscriptionStatus === 'past_due') {
        const graceEnds = graceEndOf(periodEnd);
        if (graceEnds <= now) {
          await expireOrderTx(tx, order.id, now);
          changes.push({ orderId: order.id, userId: order.userId, kind: 'expired', afterGrace: true });
        }
        continue;
      }
      if (order.provider === 'sandbox') {
        const charge = await chargeSandboxRenewalTx(tx, order, now, periodEnd);
        if (charge.ok) {
          changes.push({
            orderId: order.id,
            userId: order.userId,
            kind: 'renewed',
            amountCents: charge.amountCents,
            periodEnd: charge.periodEnd,
            panels: charge.panels,
          });
          continue;
        }
        // The card declined: past due, retried on the days of the dunning schedule.
        await markPastDueTx(tx, order.id, { cause: 'system', at: now });
        changes.push({ orderId: order.id, userId: order.userId, kind: 'past_due', provider: 'sandbox' });
        continue;
      }
      if (order.provider === 'manual') {
        await markPastDueTx(tx, order.id, { cause: 'system', at: now });
        changes.push({ orderId: order.id, userId: order.userId, kind: 'past_due', provider: 'manual' });
      }
    }
    changes.push(...(await expireSettledPanels(tx, now)));
    if (changes.length > 0) await effects.onChanges?.(tx, changes);
    return changes;
  });
}

/**
 * Canceled panels whose end a renewal recorded ahead of the period end fixed
 * (record-renewal.ts), once that end has come; orders another sweep holds are left to it.
 */
async function expireSettledPanels(tx: Tx, now: Date): Promise<SweepChange[]> {
  const ending = await tx
    .selectDistinct({ orderId: panels.orderId })
    .from(panels)
    .where(and(eq(panels.status, 'sold'), isNotNull(panels.endedAt), lte(panels.endedAt, now)));
  const ids = ending.flatMap((p) => (p.orderId === null ? [] : [p.orderId]));
  if (ids.length === 0) return [];
  const held = await tx
    .select({ id: orders.id, userId: orders.userId, currentPeriodEnd: orders.currentPeriodEnd })
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(orders.id)
    .for('update', { skipLocked: true });
  const changes: SweepChange[] = [];
  for (const order of held) {
    const ended = await expireCanceledPanelsTx(tx, order.id, order.currentPeriodEnd ?? now, 'system', now);
    if (ended.length > 0) {
      changes.push({ orderId: order.id, userId: order.userId, kind: 'panels_expired', ended });
    }
  }
  return changes;
}

/** Cancel at period end, or resume before it ends (D8). Returns the updated flag. */
export async function setCancelAtPeriodEnd(
  db: Database,
  orderId: number,
  userId: string,
  cancel: boolean,
  now: Date,
  actor?: { id: string; email: string; ip: string | null },
): Promise<{ changed: boolean } | null> {
  const moved = await db.transaction(async (tx) => {
    const result = await setCancelAtPeriodEndTx(tx, orderId, cancel, {
      cause: 'customer',
      at: now,
      ...(actor ? { audit: { actor } } : {}),
      when: (o) => o.userId === userId && o.currentPeriodEnd !== null && o.currentPeriodEnd > now,
    });
    // Every panel moved with the order: Stripe is told how many renew, in this transaction.
    if (result.ok) await queueStripeQuantityTx(tx, result.before);
    return result;
  });
  if (!moved.ok) return null;
  return { changed: true };
}
