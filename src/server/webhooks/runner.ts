import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicSweep } from '../jobs/periodic';
import { deliverDueWebhooks, type WebhookAttempt, type WebhookSweepDeps } from './sweep';

export interface WebhookRunner {
  /** Sends what is due now, in the background; call it after committing a queued message. */
  kick(): void;
  /** A sweep now (or one more round of the running one); resolves when it is done. */
  run(): Promise<WebhookAttempt[]>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

/** The webhook delivery sweep on a timer, plus kick(), as the e-mail outbox's runner. */
export function createWebhookRunner(
  deps: WebhookSweepDeps & { log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> },
): WebhookRunner {
  const sweep = createPeriodicSweep('webhook sweep', () => deliverDueWebhooks(deps), deps.log);
  let stopped = false;
  return {
    kick() {
      if (stopped) return;
      void sweep.run().catch((err: unknown) => deps.log.error({ err }, 'webhook sweep failed'));
    },
    run: sweep.run,
    start: sweep.start,
    async stop() {
      stopped = true;
      await sweep.stop();
    },
  };
}
