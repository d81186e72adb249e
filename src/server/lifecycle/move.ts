import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type LifecycleCause,
  ORDER_TRANSITIONS,
  type OrderTransition,
  type OrderTransitionName,
  SUBSCRIPTION_TRANSITIONS,
  type SubscriptionTransitionName,
  type Transition,
} from '../../domain/order-lifecycle';
import type { OrderStatus, SubscriptionStatus } from '../../domain/status';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';
import { type AuditInput, writeEmits } from './emit';
import type { MoveResult, OrderRow } from './result';

/** The columns a move may write besides the statuses, which only the table sets. */
export type MoveFields = Omit<
  Partial<typeof orders.$inferInsert>,
  'id' | 'status' | 'subscriptionStatus' | 'updatedAt'
>;

export interface MoveInput {
  cause: LifecycleCause;
  at: Date;
  audit?: AuditInput;
  /** The caller's own condition on the locked row (the owner, a period still running). */
  when?: (order: OrderRow) => boolean;
}

/** The fields to write, computed from the locked row when they depend on it. */
type FieldsOf = MoveFields | ((order: OrderRow) => MoveFields);

function causeAllowed(name: string, transition: Transition<string>, cause: LifecycleCause) {
  // Calling a move with a cause the table does not give it is a mistake in our code, not a
  // state of the world: it fails loudly instead of answering 409.
  if (!transition.by.includes(cause)) throw new Error(`${name} cannot be caused by ${cause}.`);
}

async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

function accountGone(transition: OrderTransition, order: OrderRow): boolean {
  const after = transition.refusedAfter;
  if (!after) return false;
  return (
    order.userId === null ||
    (order.status === 'canceled' && !!order.cancelReason && after.includes(order.cancelReason))
  );
}

/**
 * One order move in the caller's transaction: locks the row, checks its status (and its
 * subscription's, when the move carries one) against the table, writes the new statuses with
 * the fields that go with them, then the table's events and audit lines.
 */
export async function moveOrder(
  tx: Tx,
  orderId: number,
  name: OrderTransitionName,
  input: MoveInput,
  fields: FieldsOf = {},
): Promise<MoveResult> {
  const transition: OrderTransition = ORDER_TRANSITIONS[name];
  causeAllowed(name, transition, input.cause);
  const order = await lockOrder(tx, orderId);
  if (!order) return { ok: false, reason: 'not_found' };
  if (!transition.from.includes(order.status)) return { ok: false, reason: 'wrong_state', order };
  if (accountGone(transition, order)) return { ok: false, reason: 'account_deleted', order };
  const subscriptionName = transition.subscription;
  const subscription: Transition<SubscriptionStatus> | undefined = subscriptionName
    ? SUBSCRIPTION_TRANSITIONS[subscriptionName]
    : undefined;
  if (subscription && !subscription.from.includes(order.subscriptionStatus)) {
    return { ok: false, reason: 'wrong_state', order };
  }
  if (input.when && !input.when(order)) return { ok: false, reason: 'precondition', order };

  const to: OrderStatus | null = transition.to;
  await tx
    .update(orders)
    .set({
      ...(typeof fields === 'function' ? fields(order) : fields),
      ...(to ? { status: to } : {}),
      ...(subscription?.to ? { subscriptionStatus: subscription.to } : {}),
      updatedAt: input.at,
    })
    .where(eq(orders.id, orderId));
  await writeEmits(tx, transition, input.cause, [orderId], input.at, input.audit);
  if (subscription) await writeEmits(tx, subscription, input.cause, [orderId], input.at, input.audit);
  return { ok: true, before: order };
}

/** One subscription move in the caller's transaction, as moveOrder does for the order. */
export async function moveSubscription(
  tx: Tx,
  orderId: number,
  name: SubscriptionTransitionName,
  input: MoveInput,
  fields: FieldsOf = {},
): Promise<MoveResult> {
  const transition: Transition<SubscriptionStatus> = SUBSCRIPTION_TRANSITIONS[name];
  causeAllowed(name, transition, input.cause);
  const order = await lockOrder(tx, orderId);
  if (!order) return { ok: false, reason: 'not_found' };
  if (!transition.from.includes(order.subscriptionStatus)) return { ok: false, reason: 'wrong_state', order };
  if (input.when && !input.when(order)) return { ok: false, reason: 'precondition', order };
  await tx
    .update(orders)
    .set({
      ...(typeof fields === 'function' ? fields(order) : fields),
      ...(transition.to ? { subscriptionStatus: transition.to } : {}),
      updatedAt: input.at,
    })
    .where(eq(orders.id, orderId));
  await writeEmits(tx, transition, input.cause, [orderId], input.at, input.audit);
  return { ok: true, before: order };
}

/** An order's new period in a move of many orders at once. */
export interface PeriodMove {
  orderId: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

/**
 * One subscription move for many orders, each to its own period (the renewal sweep's batch),
 * as moveSubscription makes it for one: locks the rows in id order (the sweep holds them already
 * from its claim, so this reads them back as they are now), checks each against the table, then
 * writes the moved ones in one statement and their events in one go. Returns the moved rows as
 * they were.
 */
export async function moveSubscriptionPeriods(
  tx: Tx,
  name: SubscriptionTransitionName,
  input: Omit<MoveInput, 'when'>,
  periods: readonly PeriodMove[],
): Promise<OrderRow[]> {
  const transition: Transition<SubscriptionStatus> = SUBSCRIPTION_TRANSITIONS[name];
  causeAllowed(name, transition, input.cause);
  if (periods.length === 0) return [];
  const rows = await tx
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        periods.map((p) => p.orderId),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update');
  const movable = new Map(
    rows.filter((order) => transition.from.includes(order.subscriptionStatus)).map((o) => [o.id, o]),
  );
  const moving = periods.filter((p) => movable.has(p.orderId));
  if (moving.length === 0) return [];
  const values = moving.map((p) => ({
    id: p.orderId,
    start: p.currentPeriodStart.toISOString(),
    end: p.currentPeriodEnd.toISOString(),
  }));
  await tx.execute(sql`
    update orders o
    set subscription_status = coalesce(${transition.to ?? null}::text, o.subscription_status),
        current_period_start = v.start,
        current_period_end = v."end",
        updated_at = ${input.at.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id int, start timestamptz, "end" timestamptz)
    where o.id = v.id`);
  const ids = moving.map((p) => p.orderId);
  await writeEmits(tx, transition, input.cause, ids, input.at, input.audit);
  return moving.flatMap((p) => movable.get(p.orderId) ?? []);
}
