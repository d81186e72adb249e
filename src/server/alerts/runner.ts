import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createPeriodicSweep } from '../jobs/periodic';
import type { OutboxRunner } from '../outbox/runner';
import { runAlertSweep } from './sweep';

interface Deps {
  config: Config;
  db: Database;
  outbox: Pick<OutboxRunner, 'kick'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now: () => Date;
}

/** The time-based operator alerts (stock short, deliveries near their deadline) on a timer. */
export function createAlertSweep({ config, db, outbox, log, now }: Deps) {
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
  );
}

export type AlertSweep = ReturnType<typeof createAlertSweep>;
