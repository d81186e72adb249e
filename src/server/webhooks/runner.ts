import type { FastifyBaseLogger } from 'fastify';
import { createWebhookPool, WEBHOOK_SWEEP } from './pool';
import type { WebhookAttempt, WebhookSweepDeps } from './sweep';

export interface WebhookRunner {
  /** Sends what is due now, in the background; call it after committing a queued message. */
  kick(): void;
  /** Sends everything due now; resolves when no endpoint is being served. */
  run(): Promise<WebhookAttempt[]>;
  start(intervalMs: number): void;
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
  let timer: NodeJS.Timeout | null = null;
  const wake = () =>
    void pool.fill().catch((err: unknown) => deps.log.error({ err }, 'webhook sweep failed'));
  return {
    kick: wake,
    run: pool.run,
    start(intervalMs) {
      deps.sweepObserver?.scheduled?.(WEBHOOK_SWEEP, intervalMs, new Date());
      wake();
      timer = setInterval(wake, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await pool.stop();
    },
  };
}
