import { createDeletedOrdersSweep } from '../account/deleted-orders-sweep';
import { createAlertSweep } from '../alerts/runner';
import { createSubscriptionRunner } from '../billing/subscriptions/subscription-runner';
import { createPendingOrderSweep } from '../orders/pending-runner';
import type { SweepDeps } from '../outbox/runner';
import type { PaymentProvider } from '../payments/provider';
import { createFulfillmentRunner } from '../provisioning/fulfillment-runner';

export type TimeDrivenSweeps = ReturnType<typeof createTimeDrivenSweeps>;

/**
 * The sweeps whose work falls due with the business time: made here once for the app
 * (wiring/services.ts) and for the operator's `clock:advance` command, so an advance runs
 * exactly what the server runs. The outbox and the webhook deliveries are not among them:
 * they send what is due and only need waking.
 */
export function createTimeDrivenSweeps(
  deps: SweepDeps & { providerFor: (name: string) => PaymentProvider | null },
) {
  return {
    fulfillment: createFulfillmentRunner(deps),
    subscriptions: createSubscriptionRunner(deps),
    pendingOrders: createPendingOrderSweep(deps),
    deletedOrders: createDeletedOrdersSweep(deps),
    alerts: createAlertSweep(deps),
  };
}

/**
 * The order a step of the clock runs them in: panels are given out first (so a delivery that
 * stock allows is not reported late), then what expires and renews, then the alerts about
 * what is still left.
 */
export function stepOrder(sweeps: TimeDrivenSweeps) {
  return [
    sweeps.fulfillment,
    sweeps.pendingOrders,
    sweeps.subscriptions,
    sweeps.deletedOrders,
    sweeps.alerts,
  ] as const;
}
