import { and, inArray, sql } from 'drizzle-orm';
import type { CancelReason } from '../../domain/cancel-reasons';
import {
  type LifecycleCause,
  ORDER_TRANSITIONS,
  SUBSCRIPTION_TRANSITIONS,
} from '../../domain/order-lifecycle';
import { type Database, rowsOf, type Tx } from '../db/client';
import { orders } from '../db/schema';
import type { AuditInput } from './emit';
import { writeEmits } from './emit';
import { type MoveFields, moveOrder } from './move';
import type { MoveResult, OrderRow } from './result';

interface Cause {
  cause: LifecycleCause;
  at: Date;
  audit?: AuditInput;
}

/**
 * The first payment: the order becomes paid and its subscription starts, with the period and
 * the provider's ids the caller brings. Refused for an order whose account was deleted.
 */
export function payOrderTx(
  tx: Tx,
  orderId: number,
  input: Cause,
  fields: (
    order: OrderRow,
  ) => Pick<
    MoveFields,
    'currentPeriodStart' | 'currentPeriodEnd' | 'providerCustomerId' | 'providerSubscriptionId'
  >,
): Promise<MoveResult> {
  return moveOrder(tx, orderId, 'pay', input, (order) => ({
    ...fields(order),
    paidAt: input.at,
    canceledAt: null,
    cancelReason: null,
  }));
}

/** One order of payOrdersTx: the moment its payment counts from and what the provider named. */
export interface OrderPayment {
  orderId: number;
  at: Date;
  periodEnd: Date;
  customerId: string | null;
  subscriptionId: string | null;
}

/**
 * payOrderTx for many orders in one statement (a burst of confirmations applied together),
 * each paid at its own moment, with the table's checks made on the rows: an order the move
 * does not start from, whose subscription has started or whose account was deleted is left
 * as it is. The caller holds the rows locked. Returns the orders moved.
 */
export async function payOrdersTx(tx: Tx, payments: readonly OrderPayment[]): Promise<number[]> {
  if (payments.length === 0) return [];
  const transition = ORDER_TRANSITIONS.pay;
  const subscription = SUBSCRIPTION_TRANSITIONS.start;
  if (transition.subscription !== 'start' || !transition.by.includes('provider')) {
    throw new Error('payOrdersTx follows the pay move as the table describes it.');
  }
  const values = payments.map((p) => ({
    id: p.orderId,
    at: p.at.toISOString(),
    periodEnd: p.periodEnd.toISOString(),
    customerId: p.customerId,
    subscriptionId: p.subscriptionId,
  }));
  const refusedAfter = transition.refusedAfter ?? [];
  const moved = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update orders o
      set status = ${transition.to},
        subscription_status = ${subscription.to},
        paid_at = v.at, current_period_start = v.at, current_period_end = v."periodEnd",
        provider_customer_id = coalesce(v."customerId", o.provider_customer_id),
        provider_subscription_id = coalesce(v."subscriptionId", o.provider_subscription_id),
        canceled_at = null, cancel_reason = null, updated_at = v.at
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as v(id int, at timestamptz, "periodEnd" timestamptz, "customerId" text, "subscriptionId" text)
      where o.id = v.id
        and o.status in (select jsonb_array_elements_text(${JSON.stringify(transition.from)}::jsonb))
        and o.subscription_status in (select jsonb_array_elements_text(${JSON.stringify(subscription.from)}::jsonb))
        and o.user_id is not null
        and not (o.status = 'canceled'
          and o.cancel_reason in (select jsonb_array_elements_text(${JSON.stringify(refusedAfter)}::jsonb)))
      returning o.id`),
  );
  const ids = moved.map((m) => Number(m.id)).sort((a, b) => a - b);
  const atOf = new Map(payments.map((p) => [p.orderId, p.at]));
  const at = (orderId: number) => atOf.get(orderId) ?? new Date(0);
  if (ids.length > 0) {
    await writeEmits(tx, transition, 'provider', ids, at);
    await writeEmits(tx, subscription, 'provider', ids, at);
  }
  return ids;
}

/**
 * Cancels an order still waiting for its payment, with the reason the customer reads. An order
 * paid or canceled meanwhile keeps its status and sends no second event (a `wrong_state`
 * refusal the callers take as "nothing to do").
 */
export function cancelUnpaidOrderTx(
  tx: Tx,
  orderId: number,
  reason: CancelReason,
  input: Cause,
): Promise<MoveResult> {
  return moveOrder(tx, orderId, 'cancel_unpaid', input, { canceledAt: input.at, cancelReason: reason });
}

/** cancelUnpaidOrderTx in a transaction of its own. */
export function cancelUnpaidOrder(
  db: Database,
  orderId: number,
  reason: CancelReason,
  input: Cause,
): Promise<MoveResult> {
  return db.transaction((tx) => cancelUnpaidOrderTx(tx, orderId, reason, input));
}

/** A paid order still waiting for stock whose account is being deleted: nobody receives it. */
export function cancelWaitingOrderTx(tx: Tx, orderId: number, input: Cause): Promise<MoveResult> {
  return moveOrder(tx, orderId, 'cancel_waiting', input, {
    canceledAt: input.at,
    cancelReason: 'account_deleted',
  });
}

/**
 * Every panel of these paid orders is delivered: one statement for the whole allocation (the
 * caller holds their rows locked), then their order.completed events. Returns the orders moved.
 */
export async function completeOrdersTx(tx: Tx, orderIds: number[], at: Date): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const transition = ORDER_TRANSITIONS.complete;
  const moved = await tx
    .update(orders)
    .set({ status: transition.to, completedAt: at, updatedAt: at })
    .where(
      and(
        // One parameter however long the allocation's list is.
        sql`${orders.id} in (select value::int from jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb))`,
        inArray(orders.status, [...transition.from]),
      ),
    )
    .returning({ id: orders.id });
  const ids = moved.map((m) => m.id);
  if (ids.length > 0) await writeEmits(tx, transition, 'system', ids, at);
  return ids;
}

/**
 * The order's money went back: it becomes refunded (`refunded_at` keeps the first time) and
 * its subscription ends at once. Refused when it is refunded already.
 */
export function refundOrderTx(tx: Tx, orderId: number, input: Cause): Promise<MoveResult> {
  return moveOrder(tx, orderId, 'refund', input, { refundedAt: input.at, cancelAtPeriodEnd: false });
}

/** The money of an order an account deletion canceled went back at the provider. */
export function refundAfterDeletionTx(tx: Tx, orderId: number, input: Cause): Promise<MoveResult> {
  return moveOrder(tx, orderId, 'refund_after_deletion', input, { refundedAt: input.at });
}
