import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type ChannelListener, listenOnChannel } from '../db/channel-listener';
import type { Database } from '../db/client';
import { singleFlight } from './single-flight';

/**
 * Web processes wake the workers through PostgreSQL's LISTEN/NOTIFY
 * (docs/decisions/0022-web-and-worker-roles.md): a web process has committed mail, a webhook
 * message or a provider's payment event and cannot send or apply it itself. The notification
 * carries nothing; whoever hears it runs its payment-event, outbox and webhook sweeps, which
 * claim what is due with SKIP LOCKED as they always do.
 * A notification is not durable, so the sweeps' timers stay as the backstop.
 */
export const WAKEUP_CHANNEL = 'panelhub_wakeup';

export interface WakeupSender {
  /** Tells every listening worker there is work; in the background, never throws. */
  wake(): void;
  /** Sends nothing more; resolves once the notification in flight is out. */
  stop(): Promise<void>;
}

export function createWakeupSender(db: Database, log: Pick<FastifyBaseLogger, 'warn'>): WakeupSender {
  let stopped = false;
  // A burst of requests makes one notification in flight and at most one after it, not one each.
  const notifications = singleFlight(
    () => db.execute(sql`select pg_notify(${WAKEUP_CHANNEL}, '')`),
    () => stopped,
  );
  return {
    wake() {
      if (stopped) return;
      notifications.run().catch((err: unknown) => {
        // The workers' next tick (within seconds) finds the work all the same.
        log.warn({ err }, 'could not wake the workers; they will find the work at their next tick');
      });
    },
    async stop() {
      stopped = true;
      await notifications.current?.catch(() => {});
    },
  };
}

export type WakeupListener = ChannelListener;

/** `onWake` runs for each notification and once after each (re)connect (see listenOnChannel). */
export function listenForWakeups(deps: {
  url: string;
  onWake: () => void;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): WakeupListener {
  return listenOnChannel({
    url: deps.url,
    channel: WAKEUP_CHANNEL,
    onNotification: () => deps.onWake(),
    onListening: deps.onWake,
    purpose: 'wake-ups',
    log: deps.log,
  });
}
