import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { graceEndOf } from '../../../domain/dunning';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../domain/status';
import { lapsePendingCredits } from '../../credits/lapse';
import type { Database, Tx } from '../../db/client';
import { boundLockWaitsTx, isLockTimeout, unboundLockWaitsTx } from '../../db/lock-waits';
import { orders, panels } from '../../db/schema';
import type { OrderRow } from '../../lifecycle/result';
import {
  expireSubscriptionTx,
  markPastDueTx,
  setCancelAtPeriodEndTx,
} from '../../lifecycle/subscription-moves';
import { closeRequestsOfEndedPanels } from '../../replacements/close';
import { type ExpiredPanel, expireCanceledPanelsTx } from '../panels/panel-billing';
import { queueStripeQuantityTx } from '../panels/stripe-quantity';
import { plainRenewalsTx, renewPlainTx } from './plain-renewals';
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
  await closeRequestsOfEndedPanels(tx, [orderId], now);
  await lapsePendingCredits(tx, [orderId]);
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
  /** Runs in each batch's transaction with what the batch changed (the customers' e-mails). */
  onChanges?(tx: Tx, changes: SweepChange[]): Promise<void>;
}

/** Orders claimed per transaction: a batch's locks and work stay small whatever is due. */
const BATCH = 500;
/** How long a batch's statement waits for a row another transaction holds (the customer's own move). */
const LOCK_WAIT_MS = 2_000;

/** Where the last batch ended, in the order batches claim: by period end, then id. */
interface Cursor {
  periodEnd: Date;
  id: number;
}

type Claim = { after: Cursor | null; limit: number } | { only: number };

export interface SweepOptions {
  /** Asked between batches: true ends the sweep after the batch in hand (the app is closing). */
  stopping?: () => boolean;
  /** Orders per batch (tests make it small to cross batch boundaries with a few orders). */
  batchSize?: number;
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
 *
 * The due orders are taken in batches, each its own transaction with its own e-mails, claimed
 * with SKIP LOCKED: instances running at once share the work and never take the same order,
 * and an order another transaction holds is left to it. A batch that waits too long on a row
 * held elsewhere gives way, and its orders go one by one, so one busy order delays no other;
 * that one is left for the next round. `stopping()` is asked between batches.
 */
export async function runSubscriptionSweep(
  db: Database,
  now: Date,
  effects: SweepEffects = {},
  { stopping = () => false, batchSize = BATCH }: SweepOptions = {},
): Promise<SweepChange[]> {
  const changes: SweepChange[] = [];
  let after: Cursor | null = null;
  for (;;) {
    // Filled as the batch claims, so its orders are known even when it rolls back.
    const claimed: OrderRow[] = [];
    try {
      changes.push(
        ...(await db.transaction((tx) =>
          sweepBatchTx(tx, now, effects, { after, limit: batchSize }, claimed),
        )),
      );
    } catch (error) {
      if (!isLockTimeout(error)) throw error;
      for (const order of claimed) {
        try {
          changes.push(
            ...(await db.transaction((tx) => sweepBatchTx(tx, now, effects, { only: order.id }, []))),
          );
        } catch (alone) {
          if (!isLockTimeout(alone)) throw alone;
        }
      }
    }
    const last = claimed.at(-1);
    if (claimed.length < batchSize || !last?.currentPeriodEnd || stopping()) break;
    after = { periodEnd: last.currentPeriodEnd, id: last.id };
  }
  changes.push(
    ...(await db.transaction(async (tx) => {
      const ended = await expireSettledPanels(tx, now);
      if (ended.length > 0) await effects.onChanges?.(tx, ended);
      return ended;
    })),
  );
  return changes;
}

/** The next batch of due orders (or the one named), locked; those locked elsewhere are skipped. */
async function claimDueTx(tx: Tx, now: Date, claim: Claim): Promise<OrderRow[]> {
  const where = [
    inArray(orders.status, [...LIVE]),
    inArray(orders.subscriptionStatus, LIVE_SUBSCRIPTION_STATUSES),
    lte(orders.currentPeriodEnd, now),
  ];
  if ('only' in claim) where.push(eq(orders.id, claim.only));
  else if (claim.after) {
    where.push(
      sql`(${orders.currentPeriodEnd}, ${orders.id}) > (${claim.after.periodEnd.toISOString()}::timestamptz, ${claim.after.id})`,
    );
  }
  return tx
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.currentPeriodEnd), asc(orders.id))
    .limit('only' in claim ? 1 : claim.limit)
    .for('update', { skipLocked: true });
}

/** One batch in the caller's transaction: the plain renewals together, the rest one by one. */
async function sweepBatchTx(
  tx: Tx,
  now: Date,
  effects: SweepEffects,
  claim: Claim,
  claimed: OrderRow[],
): Promise<SweepChange[]> {
  await boundLockWaitsTx(tx, LOCK_WAIT_MS);
  const due = await claimDueTx(tx, now, claim);
  claimed.push(...due);
  const renewed = await renewPlainTx(tx, await plainRenewalsTx(tx, due, now), now);
  const changes: SweepChange[] = [];
  for (const order of due) {
    const plain = renewed.get(order.id);
    if (plain) changes.push(plain);
    else changes.push(...(await sweepOrderTx(tx, order, now)));
  }
  if (changes.length > 0) await effects.onChanges?.(tx, changes);
  await unboundLockWaitsTx(tx);
  return changes;
}

/** One due order that is not a plain renewal, on its own. */
async function sweepOrderTx(tx: Tx, order: OrderRow, now: Date): Promise<SweepChange[]> {
  const changes: SweepChange[] = [];
  const periodEnd = order.currentPeriodEnd;
  if (!periodEnd) return changes;
  if (order.cancelAtPeriodEnd) {
    await expireOrderTx(tx, order.id, now);
    changes.push({ orderId: order.id, userId: order.userId, kind: 'expired' });
    return changes;
  }
  if (order.subscriptionStatus === 'active') {
    const ended = await expireCanceledPanelsTx(tx, order.id, periodEnd, 'system', now);
    if (ended.length > 0) {
      changes.push({ orderId: order.id, userId: order.userId, kind: 'panels_expired', ended, periodEnd });
    }
  }
  if (order.subscriptionStatus === 'past_due') {
    if (graceEndOf(periodEnd) <= now) {
      await expireOrderTx(tx, order.id, now);
      changes.push({ orderId: order.id, userId: order.userId, kind: 'expired', afterGrace: true });
    }
    return changes;
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
      return changes;
    }
    // The card declined: past due, retried on the days of the dunning schedule.
    await markPastDueTx(tx, order.id, { cause: 'system', at: now });
    changes.push({ orderId: order.id, userId: order.userId, kind: 'past_due', provider: 'sandbox' });
    return changes;
  }
  if (order.provider === 'manual') {
    await markPastDueTx(tx, order.id, { cause: 'system', at: now });
    changes.push({ orderId: order.id, userId: order.userId, kind: 'past_due', provider: 'manual' });
  }
  return changes;
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
  workspaceId: string,
  cancel: boolean,
  now: Date,
  actor?: { id: string; email: string; ip: string | null },
): Promise<{ changed: boolean } | null> {
  const moved = await db.transaction(async (tx) => {
    const result = await setCancelAtPeriodEndTx(tx, orderId, cancel, {
      cause: 'customer',
      at: now,
      ...(actor ? { audit: { actor } } : {}),
      when: (o) => o.workspaceId === workspaceId && o.currentPeriodEnd !== null && o.currentPeriodEnd > now,
    });
    // Every panel moved with the order: Stripe is told how many renew, in this transaction.
    if (result.ok) await queueStripeQuantityTx(tx, result.before);
    return result;
  });
  if (!moved.ok) return null;
  return { changed: true };
}
