import type { FastifyBaseLogger } from 'fastify';
import { type RunnerStart, tickEvery } from './runner-start';
import { singleFlight } from './single-flight';
import { observeRound, type SweepObserver } from './sweep-status';

/**
 * Runs a sweep now and then every interval, never two at once in this process. A call
 * while one runs makes it go round once more (new work may have arrived after it looked)
 * and gets everything both rounds did. Sweeps are idempotent and guard themselves across
 * instances in the database, so this needs no queue. A sweep that works through a queue
 * asks `stopping()` between its batches, so stop() waits for the batch in hand and not for
 * the queue behind it. `beforeRound`, given at start, runs before each round: the shared
 * business clock reads its offset there, so a round never works from a stale time.
 * `observer` hears how each round went (jobs/sweep-status.ts), its `beforeRound` included.
 */
export function createPeriodicSweep<T>(
  name: string,
  sweep: (stopping: () => boolean) => Promise<T[]>,
  log: Pick<FastifyBaseLogger, 'error'>,
  observer?: SweepObserver,
) {
  let stopped = false;
  let timer: ReturnType<typeof tickEvery> | null = null;
  let beforeRound: (() => Promise<unknown>) | undefined;
  const stopping = () => stopped;
  const sweeps = singleFlight(
    () =>
      observeRound(observer, name, async () => {
        await beforeRound?.();
        return sweep(stopping);
      }),
    stopping,
  );
  // Every call during a run gets the same flattened promise: a burst of kicks (one per commit)
  // would otherwise flatten all of a long run's rounds once per kick when it ends.
  let shared: { rounds: Promise<T[][]>; flat: Promise<T[]> } | null = null;
  const run = (): Promise<T[]> => {
    const rounds = sweeps.run();
    if (shared?.rounds !== rounds) shared = { rounds, flat: rounds.then((all) => all.flat()) };
    return shared.flat;
  };

  return {
    run,
    /** Called from a round: go round once more when it ends (it stopped at its bound). */
    more: sweeps.more,
    start(intervalMs: number, options: RunnerStart = {}) {
      beforeRound = options.beforeRound;
      const tick = () => void run().catch((err: unknown) => log.error({ err }, `${name} failed`));
      observer?.scheduled?.(name, intervalMs, new Date(Date.now() + (options.firstAfterMs ?? 0)));
      timer = tickEvery(intervalMs, options.firstAfterMs, tick);
    },
    async stop() {
      stopped = true;
      timer?.clear();
      timer = null;
      await sweeps.current?.catch(() => {});
    },
  };
}

export type PeriodicSweep<T> = ReturnType<typeof createPeriodicSweep<T>>;
