import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface ChannelListener {
  /** Stops listening and closes its connection. */
  stop(): Promise<void>;
}

/** Waits before connecting again after the listening connection failed, doubling up to the last. */
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** The most a connection attempt, or its LISTEN, may take. */
const CONNECT_TIMEOUT_MS = 5_000;

export interface ChannelListenerDeps {
  url: string;
  /** A PostgreSQL identifier of ours (not user input): LISTEN takes no parameter. */
  channel: string;
  /** Each notification's payload, in the order PostgreSQL delivers them. */
  onNotification: (payload: string) => void;
  /**
   * Once the connection listens, after each (re)connect: a notification sent while no
   * connection listened is gone, so whoever relies on them starts afresh here.
   */
  onListening: () => void;
  /** The connection is lost: until onListening again, notifications may be missed. */
  onLost?: () => void;
  /** What the log says on a loss and on listening again, naming what it is for. */
  purpose: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * Listens to one PostgreSQL channel on a connection of its own, outside the pool: a pooled
 * connection goes back to the pool and stops hearing. A lost connection is reported, then
 * connected again after a growing wait.
 */
export function listenOnChannel(deps: ChannelListenerDeps): ChannelListener {
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
    // Bounded, so a database that does not answer holds neither a reconnect nor shutdown
    // (stop waits for the attempt in hand).
    const next = new pg.Client({
      connectionString: deps.url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
    });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.end().catch(() => {});
      deps.onLost?.();
      if (!stopped) {
        deps.log.warn({ err }, `lost the PostgreSQL connection listening for ${deps.purpose}`);
        scheduleReconnect();
      }
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => deps.onNotification(message.payload ?? ''));
    try {
      await next.connect();
      await next.query(`listen ${deps.channel}`);
    } catch (err) {
      onLost(err);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (failures > 0) deps.log.info(`listening for ${deps.purpose} again`);
    failures = 0;
    deps.onListening();
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
