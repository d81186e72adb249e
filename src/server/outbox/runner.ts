import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createPeriodicSweep } from '../jobs/periodic';
import type { RunnerStart } from '../jobs/runner-start';
import type { SweepObserver } from '../jobs/sweep-status';
import type { Mailer } from '../mail/send-email';
import { type DeliveryDeps, type DeliveryResult, deliverDueMessages, MAX_ROWS_PER_SWEEP } from './delivery';

export interface OutboxRunner {
  /**
   * Sends what is due now, in the background. Call it after committing a transaction that
   * enqueued, so mail goes out at once instead of at the next tick; it never throws.
   */
  kick(): void;
  /** A sweep now (or one more round of the running one); resolves when it is done. */
  run(): Promise<DeliveryResult[]>;
  start(intervalMs: number, options?: RunnerStart): void;
  stop(): Promise<void>;
}

/** What a sweep on a timer that mails through the outbox is given (see jobs/periodic.ts). */
export interface SweepDeps {
  config: Config;
  db: Database;
  outbox: Pick<OutboxRunner, 'kick'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now: () => Date;
  /** Hears how each round went (jobs/sweep-status.ts). */
  sweepObserver?: SweepObserver | undefined;
}

interface Deps {
  config: Config;
  db: Database;
  mailer: Mailer;
  /**
   * Adds each message's preference line and List-Unsubscribe headers as it is sent
   * (email-preferences/links.ts, which builds on the outbox's payload, so the type is ours).
   */
  links: Pick<DeliveryDeps, 'finish'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  stripeCredit?: DeliveryDeps['stripeCredit'];
  stripeQuantity?: DeliveryDeps['stripeQuantity'];
  documentEmail?: DeliveryDeps['documentEmail'];
  sweepObserver?: SweepObserver | undefined;
  tracing?: DeliveryDeps['tracing'];
}

/** The outbox's delivery sweep on a timer, plus kick() for right after a commit. */
export function createOutboxRunner({
  config,
  db,
  mailer,
  links,
  log,
  stripeCredit,
  stripeQuantity,
  documentEmail,
  sweepObserver,
  tracing,
}: Deps): OutboxRunner {
  const messageIdHost = new URL(config.publicUrl).hostname;
  const sweep = createPeriodicSweep(
    'outbox sweep',
    async (stopping) => {
      const results = await deliverDueMessages(
        {
          db,
          mailer,
          messageIdHost,
          finish: links.finish,
          log,
          stripeCredit,
          stripeQuantity,
          documentEmail,
          tracing,
        },
        { stopping },
      );
      // A round that stopped at its bound left rows due: the next starts at once, not at the tick.
      if (results.filter((r) => r.outcome !== 'expired').length >= MAX_ROWS_PER_SWEEP) sweep.more();
      return results;
    },
    log,
    sweepObserver,
  );
  let stopped = false;
  // The run the kicks of a burst share: its failure is logged once, not once per kick.
  let watched: Promise<unknown> | null = null;
  return {
    kick() {
      // After shutdown began the database may be closing; the rows wait for the next start.
      if (stopped) return;
      const run = sweep.run();
      if (run === watched) return;
      watched = run;
      run.catch((err: unknown) => log.error({ err }, 'outbox sweep failed'));
    },
    run: sweep.run,
    start: sweep.start,
    async stop() {
      stopped = true;
      await sweep.stop();
    },
  };
}
