import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicSweep } from '../jobs/periodic';
import type { RunnerStart } from '../jobs/runner-start';
import type { SweepObserver } from '../jobs/sweep-status';
import {
  type AppliedEvent,
  type ApplyDeps,
  applyBatch,
  MAX_BATCHES_PER_ROUND,
  purgeApplied,
} from './apply-events';

/** The applied rows past their keeping time are deleted at most this often. */
const PURGE_EVERY_MS = 10 * 60_000;

export interface PaymentEventRunner {
  /** Applies what the intake holds, in the background: call it after recording an event. */
  kick(): void;
  /** A round now (or one more round of the running one); resolves when it is done. */
  run(): Promise<AppliedEvent[]>;
  start(intervalMs: number, options?: RunnerStart): void;
  stop(): Promise<void>;
}

interface Deps extends ApplyDeps {
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * After each batch commits, with what it applied: the work that follows a payment (mail
   * kicked, an allocation started). Its promise is awaited at the end of the round, not before
   * the next batch, so allocating the first payments overlaps applying the next ones.
   */
  afterBatch(applied: AppliedEvent[]): Promise<void>;
  sweepObserver?: SweepObserver | undefined;
}

/**
 * The workers' half of a provider event (docs/decisions/0024-payment-event-intake.md): rounds of
 * batches, oldest received first, until nothing is due or the round's bound is reached (then it
 * goes round again at once). Kicked by the intake in this process, woken through PostgreSQL from
 * a web process (jobs/wakeup.ts), and on a timer for the retries and whatever a notification missed.
 */
export function createPaymentEventRunner(deps: Deps): PaymentEventRunner {
  const { log } = deps;
  let stopped = false;
  let more = false;
  let purgedAt = 0;
  const sweep = createPeriodicSweep(
    'payment events sweep',
    async (stopping) => {
      const applied: AppliedEvent[] = [];
      const following: Promise<void>[] = [];
      let batches = 0;
      for (; batches < MAX_BATCHES_PER_ROUND && !stopping(); batches++) {
        // Whatever arrives in the same instant is recorded before the claim: on the embedded
        // database, which runs on this thread, a round begun at once would claim the first
        // event of a burst alone, and allocate for it alone, again and again.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = await applyBatch(deps);
        if (batch.length === 0) break;
        applied.push(...batch);
        following.push(
          deps.afterBatch(batch).catch((err: unknown) => log.error({ err }, 'after payment events failed')),
        );
        for (const row of batch) {
          if (row.status === 'dead')
            log.error({ eventId: row.eventId, reason: row.error }, 'payment event given up');
          else if (row.status === 'pending')
            log.warn({ eventId: row.eventId, reason: row.error }, 'payment event deferred');
        }
      }
      more = batches === MAX_BATCHES_PER_ROUND;
      await Promise.all(following);
      if (Date.now() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = Date.now();
        await purgeApplied(deps.db);
      }
      return applied;
    },
    log,
    deps.sweepObserver,
  );
  // The run the kicks of a burst share: its outcome is handled once, not once per kick.
  let watched: Promise<unknown> | null = null;
  const kick = () => {
    // After shutdown began the database may be closing; the rows wait for the next start.
    if (stopped) return;
    const run = sweep.run();
    if (run === watched) return;
    watched = run;
    run.then(
      () => {
        if (more) kick();
      },
      (err: unknown) => log.error({ err }, 'payment events sweep failed'),
    );
  };
  return {
    kick,
    run: sweep.run,
    start(intervalMs, options) {
      sweep.start(intervalMs, options);
    },
    async stop() {
      stopped = true;
      await sweep.stop();
    },
  };
}
