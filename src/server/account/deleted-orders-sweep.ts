import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orders } from '../db/schema';
import { createPeriodicSweep } from '../jobs/periodic';
import type { SweepObserver } from '../jobs/sweep-status';
import type { PaymentProvider } from '../payments/provider';
import {
  cancelDeletedSubscription,
  type ProviderStepDeps,
  refundCanceledOrder,
  UNCONFIRMED_SUBSCRIPTION,
} from './deleted-orders';
import { CANCELED_BY_DELETION } from './deletion-claim';

const PROVIDERS: PaymentProvider['name'][] = ['stripe', 'sandbox', 'manual'];
/** Per step and round; the orders a provider refused go to the back of the line. */
const BATCH = 50;
const SWEEP = { auditFailure: false };

export interface DeletedOrderStep {
  orderId: number;
  step: 'cancel' | 'refund';
  done: boolean;
}

/**
 * Finishes at the providers what account deletions left undone, whatever stopped them (the
 * provider refused, or the process died between the commit and the call). Driven only by
 * the order rows:
 * - a subscription at a provider that runs its own (Stripe) on an order whose customer is
 *   gone, not yet confirmed ended there: canceled now. This also ends the subscriptions of
 *   accounts deleted before deletion told the provider;
 * - an order an account deletion canceled that still holds completed payments: refunded.
 * Every call is safe to repeat, so two instances sweeping at once cost a duplicate call, not
 * a duplicate charge or refund.
 */
export async function sweepDeletedAccountOrders(
  deps: ProviderStepDeps,
  batch = BATCH,
): Promise<DeletedOrderStep[]> {
  const steps: DeletedOrderStep[] = [];
  const cancellable = PROVIDERS.filter((name) => deps.providerFor(name)?.cancelSubscription);
  const refundable = PROVIDERS.filter((name) => deps.providerFor(name)?.refund);

  if (cancellable.length > 0) {
    const due = await deps.db
      .select({
        id: orders.id,
        provider: orders.provider,
        providerSubscriptionId: orders.providerSubscriptionId,
      })
      .from(orders)
      .where(
        and(
          isNull(orders.userId),
          inArray(orders.provider, cancellable),
          isNotNull(orders.providerSubscriptionId),
          inArray(orders.subscriptionStatus, [...UNCONFIRMED_SUBSCRIPTION]),
        ),
      )
      .orderBy(asc(orders.updatedAt), asc(orders.id))
      .limit(batch);
    for (const order of due) {
      const result = await cancelDeletedSubscription(deps, order, SWEEP);
      steps.push({ orderId: order.id, step: 'cancel', done: result !== 'failed' });
    }
  }

  if (refundable.length > 0) {
    const due = await deps.db
      .select({ id: orders.id, provider: orders.provider })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'canceled'),
          isNull(orders.userId),
          inArray(orders.provider, refundable),
          sql`exists (select 1 from payments p where p.order_id = ${orders.id} and p.status = 'completed')`,
          // Money is sent back only for an order a deletion canceled, never on a guess.
          sql`exists (select 1 from audit_log a where a.target_type = 'order'
            and a.target_id = ${orders.id}::text and a.action = ${CANCELED_BY_DELETION.action}
            and a.details->>'reason' = ${CANCELED_BY_DELETION.reason})`,
        ),
      )
      .orderBy(asc(orders.updatedAt), asc(orders.id))
      .limit(batch);
    for (const order of due) {
      const { pendingCents } = await refundCanceledOrder(deps, order, SWEEP);
      steps.push({ orderId: order.id, step: 'refund', done: pendingCents === 0 });
    }
  }
  return steps;
}

/** Runs the sweep at boot and on a timer (wiring/sweeps.ts). */
export function createDeletedOrdersSweep(
  deps: ProviderStepDeps & {
    log: Pick<FastifyBaseLogger, 'info' | 'error'>;
    sweepObserver?: SweepObserver | undefined;
  },
) {
  return createPeriodicSweep(
    'deleted accounts sweep',
    async () => {
      const steps = await sweepDeletedAccountOrders(deps);
      if (steps.length > 0) {
        deps.log.info(
          { steps: steps.length, done: steps.filter((s) => s.done).length },
          'deleted accounts sweep',
        );
      }
      return steps;
    },
    deps.log,
    deps.sweepObserver,
  );
}
