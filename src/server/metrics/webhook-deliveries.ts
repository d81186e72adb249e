import { Counter, type Registry } from 'prom-client';
import type { WebhookAttempt } from '../webhooks/sweep';

export interface WebhookDeliveries {
  /** Counts each attempt under its outcome; given to the webhook pool as it is built. */
  count(attempts: readonly WebhookAttempt[]): void;
}

const OUTCOMES: readonly WebhookAttempt['outcome'][] = ['delivered', 'retry', 'dead', 'lease_lost'];

export function createWebhookDeliveries(registry: Registry): WebhookDeliveries {
  const counter = new Counter({
    name: 'panelhub_webhook_deliveries_total',
    help: 'Webhook delivery attempts made by this instance, by result (delivered, retry, dead, lease_lost).',
    labelNames: ['result'],
    registers: [registry],
  });
  // Every result from the start, at 0: a rate over a series that appears late reads wrong.
  for (const result of OUTCOMES) counter.inc({ result }, 0);
  return {
    count(attempts) {
      for (const attempt of attempts) counter.inc({ result: attempt.outcome });
    },
  };
}
