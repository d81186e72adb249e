import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DunningStepOut, PastDueSubscription } from '../../../domain/api/past-due';
import { graceEndOf, nextDunningStep } from '../../../domain/dunning';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/status';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { stepsTakenOf } from './dunning-steps';
import { renewalOwedOf } from './renewal-owed';

type OrderRow = typeof orders.$inferSelect;

/** Past due, in an order that was paid: what the banner and the admin list show. */
export const pastDueWhere = and(
  eq(orders.subscriptionStatus, 'past_due'),
  inArray(orders.status, ['paid', 'completed']),
);

const methodOf = (order: OrderRow): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(order.paymentMethod)
    ? (order.paymentMethod as PaymentMethod)
    : 'card';

/** What 'Pay now' and 'Update payment method' do for an order: the server's decision. */
function actionsOf(order: OrderRow): Pick<PastDueSubscription, 'payNow' | 'updateMethod'> {
  if (order.provider === 'stripe') return { payNow: 'portal', updateMethod: 'portal' };
  if (order.provider === 'manual') return { payNow: 'instructions', updateMethod: 'payment_methods' };
  return { payNow: 'charge', updateMethod: 'payment_methods' };
}

/** Each past-due order as the lists show it, its next step from the sweep's own schedule. */
export async function pastDueViewsOf(db: Database, rows: OrderRow[]): Promise<PastDueSubscription[]> {
  const taken = await stepsTakenOf(db, rows);
  const owed = await renewalOwedOf(db, rows);
  return rows.flatMap((order) => {
    const end = order.currentPeriodEnd;
    const step = end ? nextDunningStep(order, taken(order.id, end)) : null;
    if (!end || !step) return [];
    const next: DunningStepOut =
      step.kind === 'retry'
        ? { kind: 'retry', attempt: step.attempt, of: step.of, at: step.at.toISOString() }
        : { kind: step.kind, at: step.at.toISOString() };
    return [
      {
        orderId: order.id,
        method: methodOf(order),
        provider: order.provider,
        amountCents: owed.get(order.id) ?? 0,
        since: end.toISOString(),
        expiresAt: graceEndOf(end).toISOString(),
        next,
        ...actionsOf(order),
      },
    ];
  });
}

/** The customer's past-due subscriptions, the one that expires first first. */
export async function myPastDue(db: Database, workspaceId: string): Promise<PastDueSubscription[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(pastDueWhere, eq(orders.workspaceId, workspaceId)))
    .orderBy(asc(orders.currentPeriodEnd), asc(orders.id));
  return pastDueViewsOf(db, rows);
}
