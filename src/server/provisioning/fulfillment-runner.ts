import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { orders, user } from '../db/schema';
import type { Mailer } from '../mail/send-email';
import { panelsReadyMessage } from './emails';
import { type FilledOrder, fillWaitingOrders } from './fulfillment';

export interface FulfillmentRunner {
  /** Runs a sweep now (or right after the one in progress) and returns what it filled. */
  run(): Promise<FilledOrder[]>;
  /** Sweeps at start (finishing anything a crash interrupted) and then every interval. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

interface Deps {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now: () => Date;
}

export function createFulfillmentRunner({ config, db, mailer, log, now }: Deps): FulfillmentRunner {
  let running: Promise<FilledOrder[]> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  async function notify(filled: FilledOrder[]) {
    const done = filled.filter((f) => f.completed).map((f) => f.orderId);
    if (done.length === 0) return;
    const rows = await db
      .select({
        id: orders.id,
        planId: orders.planId,
        quantity: orders.quantity,
        totalCents: orders.totalCents,
        email: user.email,
      })
      .from(orders)
      .innerJoin(user, eq(user.id, orders.userId))
      .where(inArray(orders.id, done));
    for (const row of rows) {
      await mailer
        .sendEmail({ to: row.email, ...panelsReadyMessage(config, row) })
        .catch((err: unknown) =>
          log.error({ err, orderId: row.id }, 'could not send the panels-ready email'),
        );
    }
  }

  async function sweep(): Promise<FilledOrder[]> {
    const all: FilledOrder[] = [];
    do {
      again = false;
      const filled = await fillWaitingOrders(db, now());
      all.push(...filled);
      await notify(filled);
    } while (again);
    if (all.length > 0) log.info({ orders: all.length }, 'fulfillment sweep assigned panels');
    return all;
  }

  const run = () => {
    if (running) {
      again = true;
      return running;
    }
    running = sweep().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    run,
    start(intervalMs = 60_000) {
      const tick = () => void run().catch((err: unknown) => log.error({ err }, 'fulfillment sweep failed'));
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
