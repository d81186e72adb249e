import { createPeriodicSweep, type PeriodicSweep } from '../jobs/periodic';
import type { SweepDeps } from '../outbox/runner';
import { enqueuePanelsReplaced } from '../replacements/replacement-emails';
import { enqueuePanelsReady } from './enqueue-order-mail';
import { type FilledOrder, fillWaitingOrders } from './fulfillment';
import { apologizeForLateOrders } from './late-delivery';

export type FulfillmentRunner = PeriodicSweep<FilledOrder>;

/**
 * Allocation after confirmations, after stock changes, at boot (finishing whatever a crash
 * interrupted) and every minute; customers whose orders complete get the panels-ready
 * e-mail, queued in the allocation's own transaction (as do customers whose panel was
 * replaced, docs/product.md §11), and those whose orders broke the
 * delivery promise an apology.
 */
export function createFulfillmentRunner({
  config,
  db,
  outbox,
  log,
  now,
  sweepObserver,
}: SweepDeps): FulfillmentRunner {
  return createPeriodicSweep(
    'fulfillment sweep',
    async () => {
      let replaced = 0;
      const filled = await fillWaitingOrders(db, now(), {
        onCompleted: (tx, orderIds) => enqueuePanelsReady(tx, config, orderIds),
        onReplaced: (tx, requestIds) => {
          replaced += requestIds.length;
          return enqueuePanelsReplaced(tx, config, requestIds);
        },
      });
      // After the allocation, so an order completed just now is apologised to as delivered late.
      const apologized = await apologizeForLateOrders(db, config, now());
      if (filled.some((f) => f.completed) || apologized.length > 0 || replaced > 0) outbox.kick();
      if (replaced > 0) log.info({ requests: replaced }, 'fulfillment sweep replaced panels');
      if (filled.length > 0) log.info({ orders: filled.length }, 'fulfillment sweep assigned panels');
      if (apologized.length > 0) log.info({ orders: apologized.length }, 'late-delivery apologies queued');
      return filled;
    },
    log,
    sweepObserver,
  );
}
