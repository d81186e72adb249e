import { singleFlight } from '../jobs/single-flight';
import { observeRound } from '../jobs/sweep-status';
import {
  type ClaimedEndpoint,
  claimEndpoints,
  serveEndpoint,
  type WebhookAttempt,
  type WebhookSweepDeps,
} from './sweep';

/**
 * Endpoints one instance serves at once, each by its own worker. Above the endpoints one
 * account may have (10), so one customer's slow receivers leave workers for everyone else;
 * beyond it endpoints take turns (sweep.ts).
 */
export const WEBHOOK_WORKERS = 32;

/** The pool's name in the sweep status (jobs/sweep-status.ts). */
export const WEBHOOK_SWEEP = 'webhook sweep';

export interface WebhookPool {
  /** Claims due endpoints for the free workers; resolves once the claims are made, not served. */
  fill(): Promise<void>;
  /** Serves everything due now and resolves when no worker is busy; gives what was attempted meanwhile. */
  run(): Promise<WebhookAttempt[]>;
  /** Stops claiming; resolves once the sends in flight have ended and their leases are back. */
  stop(): Promise<void>;
}

/**
 * Webhook delivery as a pool of per-endpoint workers (docs/decisions/0012-webhooks.md): a
 * worker serves one claimed endpoint for a turn, and when it ends the freed worker claims the
 * next due endpoint at once, so a slow endpoint delays only its own messages. Safe on any
 * number of instances at once: every claim and write goes through the endpoint's lease.
 */
export function createWebhookPool(deps: WebhookSweepDeps): WebhookPool {
  const active = new Set<Promise<void>>();
  const listeners = new Set<WebhookAttempt[]>();
  let stopping = false;

  const logClaimError = (err: unknown) => deps.log.error({ err }, 'webhook endpoints could not be claimed');

  function startWorker(endpoint: ClaimedEndpoint) {
    let failed = false;
    const worker: Promise<void> = serveEndpoint(deps, endpoint, () => stopping)
      .then((results) => {
        for (const collected of listeners) collected.push(...results);
        if (results.length > 0) deps.onAttempts?.(results);
      })
      .catch((err: unknown) => {
        failed = true;
        deps.log.error({ err, webhookEndpointId: endpoint.id }, 'webhook endpoint could not be served');
      })
      .finally(() => {
        active.delete(worker);
        // The freed worker takes the next due endpoint; not after an error, which would
        // bring the same endpoint straight back: the next tick tries it again.
        if (!failed) fill().catch(logClaimError);
      });
    active.add(worker);
  }

  async function claimForFreeWorkers() {
    while (!stopping && active.size < WEBHOOK_WORKERS) {
      const free = WEBHOOK_WORKERS - active.size;
      const claimed = await claimEndpoints(deps.db, free, deps.now());
      for (const endpoint of claimed) startWorker(endpoint);
      if (claimed.length < free) break;
    }
  }

  // A call that came while we claimed may be about a message committed after our look: it
  // makes the claims in hand go round once more.
  // The claims are this pool's rounds: they are what fails when the database does.
  const claims = singleFlight(
    () => observeRound(deps.sweepObserver, WEBHOOK_SWEEP, claimForFreeWorkers),
    () => stopping,
  );

  function fill(): Promise<void> {
    if (stopping) return Promise.resolve();
    return claims.run().then(() => {});
  }

  /** Until no claim is being made and no worker is busy (a finishing worker may claim more). */
  async function idle() {
    while (claims.current || active.size > 0) {
      await Promise.all([claims.current?.catch(() => {}), ...active]);
    }
  }

  return {
    fill,
    async run() {
      const collected: WebhookAttempt[] = [];
      listeners.add(collected);
      try {
        await fill();
        await idle();
      } finally {
        listeners.delete(collected);
      }
      return collected;
    },
    async stop() {
      stopping = true;
      await idle();
    },
  };
}

/** Everything due now, served by a pool of its own; resolves when it is all done. */
export function deliverDueWebhooks(deps: WebhookSweepDeps): Promise<WebhookAttempt[]> {
  return createWebhookPool(deps).run();
}
