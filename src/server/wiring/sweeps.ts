import type { FastifyInstance } from 'fastify';
import { listenForWakeups, type WakeupListener } from '../jobs/wakeup';
import type { Services } from './services';

interface Runner {
  /** `beforeRound`: what a periodic runner does at the start of each round (jobs/periodic.ts). */
  start(intervalMs: number, beforeRound?: () => Promise<unknown>): void;
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
 * Starts the sweeps when the app is ready and stops them when it closes. `beforeRound` reads
 * the sandbox clock's offset at the start of each round, so each one works from the shared
 * business time (the webhook pool has no rounds: it reads the cache the others keep fresh).
 * `wakeups`, on PostgreSQL: listens for the web processes' wake-ups (jobs/wakeup.ts) while the
 * sweeps run, and stops listening before they stop.
 */
export function runSweeps(
  app: FastifyInstance,
  sweeps: Sweep[],
  options: {
    beforeRound?: (() => Promise<unknown>) | undefined;
    wakeups?: { url: string; wake: () => void } | undefined;
  } = {},
): void {
  const { beforeRound, wakeups } = options;
  let listener: WakeupListener | null = null;
  app.addHook('onReady', async () => {
    for (const { runner, everyMs } of sweeps) runner.start(everyMs, beforeRound);
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
