import type { LifecycleCause } from '../../domain/order-lifecycle';
import type { Tx } from '../db/client';
import type { AuditInput } from './emit';
import { type MoveFields, moveSubscription, moveSubscriptionPeriods, type PeriodMove } from './move';
import { carryOrderCancelTx, endPanelsWithOrderTx } from './panel-moves';
import type { MoveResult, OrderRow } from './result';

interface Cause {
  cause: LifecycleCause;
  at: Date;
  audit?: AuditInput;
  when?: (order: OrderRow) => boolean;
}

/** A renewal was paid: the subscription is active again over the period the caller gives. */
export function renewSubscriptionTx(
  tx: Tx,
  orderId: number,
  input: Cause,
  period: (order: OrderRow) => Pick<MoveFields, 'currentPeriodStart' | 'currentPeriodEnd'>,
): Promise<MoveResult> {
  return moveSubscription(tx, orderId, 'renew', input, period);
}

/** Renewals paid for many orders at once, each over its own next period (the sweep's batch). */
export function renewSubscriptionsTx(
  tx: Tx,
  periods: readonly PeriodMove[],
  input: Omit<Cause, 'when'>,
): Promise<OrderRow[]> {
  return moveSubscriptionPeriods(tx, 'renew', input, periods);
}

/** A renewal went unpaid: past due until it is paid or the grace period ends (D8). */
export function markPastDueTx(tx: Tx, orderId: number, input: Cause): Promise<MoveResult> {
  return moveSubscription(tx, orderId, 'fall_past_due', input);
}

/**
 * The subscription ends. Its end is kept: the paid period's end, or now when the provider
 * ended it before that, and the cancel flag has done its work.
 */
export async function expireSubscriptionTx(tx: Tx, orderId: number, input: Cause): Promise<MoveResult> {
  const endOf = (order: OrderRow) =>
    order.currentPeriodEnd && order.currentPeriodEnd < input.at ? order.currentPeriodEnd : input.at;
  const moved = await moveSubscription(tx, orderId, 'expire', input, (order) => ({
    cancelAtPeriodEnd: false,
    expiredAt: endOf(order),
  }));
  if (moved.ok) await endPanelsWithOrderTx(tx, orderId, endOf(moved.before), input.at);
  return moved;
}

/** The account is deleted: the subscription stops in our records at once. */
export function endSubscriptionWithDeletionTx(tx: Tx, orderId: number, input: Cause): Promise<MoveResult> {
  return moveSubscription(tx, orderId, 'end_with_deletion', input, {
    cancelAtPeriodEnd: false,
    canceledAt: input.at,
  });
}

/**
 * The customer cancels the whole subscription at the period end (true) or takes the cancel
 * back (false) (D8): every panel of the order moves with it (lifecycle/panel-moves.ts).
 */
export async function setCancelAtPeriodEndTx(
  tx: Tx,
  orderId: number,
  cancel: boolean,
  input: Cause,
): Promise<MoveResult> {
  const moved = await moveSubscription(tx, orderId, cancel ? 'schedule_cancel' : 'resume', input, {
    cancelAtPeriodEnd: cancel,
  });
  if (moved.ok) {
    const { when: _order, ...cause } = input;
    await carryOrderCancelTx(tx, orderId, cancel, cause);
  }
  return moved;
}

/**
 * The provider's own cancel flag and period end (Stripe's subscription.updated). A flag that
 * changed there (the customer used Stripe's portal) is carried to every panel, as an
 * order-level cancel or resume here is.
 */
export async function syncSubscriptionFromProviderTx(
  tx: Tx,
  orderId: number,
  update: { cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null },
  at: Date,
): Promise<MoveResult> {
  const moved = await moveSubscription(
    tx,
    orderId,
    'sync_from_provider',
    { cause: 'provider', at },
    {
      cancelAtPeriodEnd: update.cancelAtPeriodEnd,
      ...(update.currentPeriodEnd ? { currentPeriodEnd: update.currentPeriodEnd } : {}),
    },
  );
  const running =
    moved.ok &&
    (moved.before.subscriptionStatus === 'active' || moved.before.subscriptionStatus === 'past_due');
  if (running && moved.before.cancelAtPeriodEnd !== update.cancelAtPeriodEnd) {
    await carryOrderCancelTx(tx, orderId, update.cancelAtPeriodEnd, { cause: 'provider', at });
  }
  return moved;
}
