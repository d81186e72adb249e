import { collectDefaultMetrics, Registry } from 'prom-client';
import { createRequestDurations } from './http-requests';
import { createWebhookDeliveries } from './webhook-deliveries';

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * One registry per app instance, never prom-client's global one: a process that builds several
 * apps (the test suite, two instances side by side) would otherwise register each series twice.
 * Only what is fed as things happen lives here; what is read at scrape time is added with the
 * route (metrics.ts), once the services it reads exist.
 */
export function createMetrics() {
  const registry = new Registry();
  // The process's own figures (CPU, memory, event-loop delay, GC), read at scrape time.
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requestDurations: createRequestDurations(registry),
    webhookDeliveries: createWebhookDeliveries(registry),
  };
}
