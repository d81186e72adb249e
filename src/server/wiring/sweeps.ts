import type { FastifyInstance } from 'fastify';
import type { RunnerStart } from '../jobs/runner-start';
import { listenForWakeups, type WakeupListener } from '../jobs/wakeup';
import type { Services } from './services';

interface Runner {
  start(intervalMs: number, options?: RunnerStart): void;
  stop(): Promise<void>;
}

export interface Sweep {
  runner: Runner;
  everyMs: number;
  /** Stopped once every other sweep has stopped, because those may still queue work for it. */
  stopsLast?: boolean;
}

/**
 * Finishes any allocation, renewal or delivery a crash or restart interrupted, then keeps
 * sweeping. The outbox ticks often: its first retry comes 10 s after a failure. It stops last:
 * the sweeps before it may still have queued mail.
 */
export function sweepsOf(services: Services): Sweep[] {
  return [
    { runner: services.fulfillment, everyMs: 60_000 },
    { runner: services.subscriptions, everyMs: 5 * 60_000 },
    { runner: services.deletedOrders, everyMs: 5 * 60_000 },
    { runner: services.pendingOrders, everyMs: 5 * 60_000 },
    { runner: services.alerts, everyMs: 60_000 },
    // Provider events deferred for a retry, or recorded while no worker was listening.
    { runner: services.paymentEvents, everyMs: 5_000 },
    { runner: services.webhooks, everyMs: 5_000 },
    { runner: services.outbox, everyMs: 5_000, stopsLast: true },
  ];
}

/**
 * How long after ready the sweeps' first rounds wait. Started with the server, eight first rounds
 * queued their statements ahead of the first requests: on the embedded database, which runs one
 * statement at a time, a restart answered its readiness probe 0.4 s later (3.26 against 2.83 s,
 * medians of six starts; docs/performance.md). Each sweep runs every 5 s or more anyway, so
 * what is due waits at most a second longer than it could have before.
 */
export const FIRST_ROUNDS_AFTER_MS = 1_000;

/**
 * Starts the sweeps when the app is ready, their first rounds a moment later, and stops them
 * when it closes. `beforeRound` reads the sandbox clock's offset at the start of each round, so
 * each one works from the shared business time (the webhook pool has no rounds: it reads the
 * cache the others keep fresh).
 * `wakeups`, on PostgreSQL: listens for the web processes' wake-ups (jobs/wakeup.ts) while the
 * sweeps run, and stops listening before they stop.
 */
export function runSweeps(
  app: FastifyInstance,
  sweeps: Sweep[],
  options: {
    beforeRound?: (() => Promise<unknown>) | undefined;
    wakeups?: { url: string; wake: () => void } | undefined;
    firstRoundsAfterMs?: number | undefined;
  } = {},
): void {
  const { beforeRound, wakeups, firstRoundsAfterMs = FIRST_ROUNDS_AFTER_MS } = options;
  let listener: WakeupListener | null = null;
  app.addHook('onReady', async () => {
    for (const { runner, everyMs } of sweeps)
      runner.start(everyMs, { beforeRound, firstAfterMs: firstRoundsAfterMs });
    if (wakeups) listener = listenForWakeups({ url: wakeups.url, onWake: wakeups.wake, log: app.log });
  });
  // Shutdown waits for the work in hand, not for queues: side by side, so the waits do not
  // add up (the webhook sends in flight may take their whole 10 s).
  const stopAll = (list: Sweep[]) => Promise.all(list.map(({ runner }) => runner.stop()));
  app.addHook('onClose', async () => {
    await listener?.stop();
    await stopAll(sweeps.filter((sweep) => !sweep.stopsLast));
    await stopAll(sweeps.filter((sweep) => sweep.stopsLast));
  });
}
