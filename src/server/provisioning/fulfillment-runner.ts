import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createPeriodicSweep, type PeriodicSweep } from '../jobs/periodic';
import type { Mailer } from '../mail/send-email';
import { panelsReadyMessage } from './emails';
import { type FilledOrder, fillWaitingOrders } from './fulfillment';
import { ordersWithRecipient } from './order-recipients';

export type FulfillmentRunner = PeriodicSweep<FilledOrder>;

interface Deps {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now: () => Date;
}

/**
 * Allocation after confirmations, after stock changes, at boot (finishing whatever a crash
 * interrupted) and every minute; customers whose orders complete get the panels-ready e-mail.
 */
export function createFulfillmentRunner({ config, db, mailer, log, now }: Deps): FulfillmentRunner {
  async function notify(filled: FilledOrder[]) {
    const done = filled.filter((f) => f.completed).map((f) => f.orderId);
    if (done.length === 0) return;
    for (const row of await ordersWithRecipient(db, done)) {
      await mailer
        .sendEmail({ to: row.email, ...panelsReadyMessage(config, row) })
        .catch((err: unknown) =>
          log.error({ err, orderId: row.id }, 'could not send the panels-ready email'),
        );
    }
  }

  return createPeriodicSweep(
    'fulfillment sweep',
    async () => {
      const filled = await fillWaitingOrders(db, now());
      await notify(filled);
      if (filled.length > 0) log.info({ orders: filled.length }, 'fulfillment sweep assigned panels');
      return filled;
    },
    log,
  );
}
