import type { LifecycleCause } from '../../domain/order-lifecycle';
import type { Tx } from '../db/client';
import type { AuditInput } from './emit';
import { type MoveFields, moveSubscription } from './move';
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

/** A renewal went unpaid: past due until it is paid or the grace period ends (D8). */
export function markPastDueTx(tx: Tx, orderId: number, input: Cause): Promise<MoveResult> {
  return moveSubscription(tx, orderId, 'fall_past_due', input);
}

/**
 * The subscription ends. Its end is kept: the paid period's end, or now when the provider
 * ended it before that, and the cancel flag has done its work.
 */
export function expireSubscriptionTx(tx: Tx, orderId: number, input: Cause): Promise<MoveResult> {
  return moveSubscription(tx, orderId, 'expire', input, (order) => ({
    cancelAtPeriodEnd: false,
    expiredAt:
      order.currentPeriodEnd && order.currentPeriodEnd < input.at ? order.currentPeriodEnd : input.at,
  }));
}

/** The account is deleted: the subscription stops in our records at once. */
export function endSubscriptionWithDeletionTx(tx: Tx, orderId: number, input: Cause): Promise<MoveResult> {
  return moveSubscription(tx, orderId, 'end_with_deletion', input, {
    cancelAtPeriodEnd: false,
    canceledAt: input.at,
  });
}

/** The customer cancels at the period end (true) or takes the cancel back (false) (D8). */
export function setCancelAtPeriodEndTx(
  tx: Tx,
  orderId: number,
  cancel: boolean,
  input: Cause,
): Promise<MoveResult> {
  return moveSubscription(tx, orderId, cancel ? 'schedule_cancel' : 'resume', input, {
    cancelAtPeriodEnd: cancel,
  });
}

/** The provider's own cancel flag and period end (Stripe's subscription.updated). */
export function syncSubscriptionFromProviderTx(
  tx: Tx,
  orderId: number,
  update: { cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null },
  at: Date,
): Promise<MoveResult> {
  return moveSubscription(
    tx,
    orderId,
    'sync_from_provider',
    { cause: 'provider', at },
    {
      cancelAtPeriodEnd: update.cancelAtPeriodEnd,
      ...(update.currentPeriodEnd ? { currentPeriodEnd: update.currentPeriodEnd } : {}),
    },
  );
}
