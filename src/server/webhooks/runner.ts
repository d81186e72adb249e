import type { FastifyBaseLogger } from 'fastify';
import { type RunnerStart, tickEvery } from '../jobs/runner-start';
import { createWebhookPool, WEBHOOK_SWEEP } from './pool';
import type { WebhookAttempt, WebhookSweepDeps } from './sweep';

export interface WebhookRunner {
  /** Sends what is due now, in the background; call it after committing a queued message. */
  kick(): void;
  /** Sends everything due now; resolves when no endpoint is being served. */
  run(): Promise<WebhookAttempt[]>;
  /** The pool has no rounds: `beforeRound` is not its (it reads the cache the sweeps keep fresh). */
  start(intervalMs: number, options?: RunnerStart): void;
  /**
   * Stops claiming, lets the sends in flight end (each within its timeout), gives their
   * endpoints back and resolves: a shutdown waits for at most one send per endpoint.
   */
  stop(): Promise<void>;
}

/** The webhook worker pool, woken by kick() and by a timer for retries that come due. */
export function createWebhookRunner(
  deps: WebhookSweepDeps & { log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> },
): WebhookRunner {
  const pool = createWebhookPool(deps);
  let timer: ReturnType<typeof tickEvery> | null = null;
  const wake = () =>
    void pool.fill().catch((err: unknown) => deps.log.error({ err }, 'webhook sweep failed'));
  return {
    kick: wake,
    run: pool.run,
    start(intervalMs, options = {}) {
      const firstAt = new Date(Date.now() + (options.firstAfterMs ?? 0));
      deps.sweepObserver?.scheduled?.(WEBHOOK_SWEEP, intervalMs, firstAt);
      timer = tickEvery(intervalMs, options.firstAfterMs, wake);
    },
    async stop() {
      timer?.clear();
      timer = null;
      await pool.stop();
    },
  };
}
