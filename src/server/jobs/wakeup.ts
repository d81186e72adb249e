import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
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

export interface WakeupListener {
  /** Stops listening and closes its connection. */
  stop(): Promise<void>;
}

/** Waits before connecting again after the listening connection failed, doubling up to the last. */
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000] as const;

/**
 * Listens on its own connection, outside the pool: a pooled connection goes back to the pool
 * and stops hearing. `onWake` runs for each notification and once after each (re)connect,
 * since a notification sent while no connection listened is gone.
 */
export function listenForWakeups(deps: {
  url: string;
  onWake: () => void;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): WakeupListener {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let connecting: Promise<void> | null = null;

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connecting = connect();
    }, delay);
    retryTimer.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: deps.url, keepAlive: true });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.end().catch(() => {});
      if (!stopped) {
        deps.log.warn({ err }, 'lost the wake-up connection to PostgreSQL; the sweeps poll meanwhile');
        scheduleReconnect();
      }
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', () => deps.onWake());
    try {
      await next.connect();
      await next.query(`listen ${WAKEUP_CHANNEL}`);
    } catch (err) {
      onLost(err);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (failures > 0) deps.log.info('listening for wake-ups again');
    failures = 0;
    deps.onWake();
  }

  connecting = connect();
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await connecting?.catch(() => {});
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
