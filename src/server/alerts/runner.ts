import { createPeriodicSweep } from '../jobs/periodic';
import type { SweepDeps } from '../outbox/runner';
import { runAlertSweep } from './sweep';

/** The time-based operator alerts (stock short, deliveries near their deadline) on a timer. */
export function createAlertSweep({ config, db, outbox, log, now, sweepObserver }: SweepDeps) {
  return createPeriodicSweep(
    'operator alert sweep',
    async () => {
      const result = await runAlertSweep(db, config, now());
      if (result.stockShort || result.deliveryDue.length > 0) {
        outbox.kick();
        log.info(
          { stockShort: result.stockShort, deliveryDue: result.deliveryDue.length },
          'operator alerts raised',
        );
      }
      return [result];
    },
    log,
    sweepObserver,
  );
}
