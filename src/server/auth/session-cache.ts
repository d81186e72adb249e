import type { FastifyBaseLogger } from 'fastify';
import { listenOnChannel } from '../db/channel-listener';
import { localWriteCount } from '../db/local-writes';

/** The channel the database's triggers name a changed person on (drizzle/0031_session_changes.sql). */
export const SESSION_CHANGE_CHANNEL = 'panelhub_session_change';
/** The payload of a change that concerns everyone (a workspace's, or an emptied table). */
const EVERYONE = '*';

/**
 * Entries are dropped at their person's change anyway; the age bounds what a change could be
 * missed for while a listening connection is dead but not yet known to be.
 */
const MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 10_000;

export interface SessionCache {
  /**
   * `load()`'s answer for the session token, reused until a change to its person arrives (or
   * 10 s). `personOf` names the person an answer is about (null: nobody, never kept).
   */
  read<T>(token: string, load: () => Promise<T>, personOf: (value: T) => string | null): Promise<T>;
  /** Drops what is kept about a person ('*': everyone); what the listener calls. */
  forget(person: string): void;
  /** Whether changes are heard: nothing is kept or served while they are not. */
  setListening(listening: boolean): void;
}

interface Entry {
  at: number;
  /** This process's own write count when read: any write of ours since makes it stale. */
  writes: number;
  person: string;
  value: unknown;
}

export interface SessionCacheDeps {
  /** A monotonic clock in milliseconds. */
  now?: () => number;
  localWrites?: () => number;
}

/**
 * The sessions of signed-in requests, kept in this process between changes to them, on
 * PostgreSQL (docs/decisions/0028-session-cache.md): a request then makes one round trip to the
 * database instead of two. What this process writes itself stales everything kept (it always
 * reads its own writes); what other processes write is heard through triggers and LISTEN, so a
 * sign-out, a password change, a removal from a workspace or a role change on another instance
 * reaches this one within the notification's delivery. While the listening connection is down
 * nothing is kept: every request reads its session from the database, as without the cache.
 */
export function createSessionCache({
  now = () => performance.now(),
  localWrites = localWriteCount,
}: SessionCacheDeps = {}): SessionCache {
  const entries = new Map<string, Entry>();
  const tokensOf = new Map<string, Set<string>>();
  let listening = false;
  // Moves at every change heard: an answer read while one arrived may predate it, so it is
  // served to its request but not kept.
  let changes = 0;

  const drop = (token: string) => {
    const entry = entries.get(token);
    if (!entry) return;
    entries.delete(token);
    const tokens = tokensOf.get(entry.person);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(entry.person);
  };
  const clear = () => {
    entries.clear();
    tokensOf.clear();
  };

  return {
    async read(token, load, personOf) {
      if (!listening) return load();
      const at = now();
      const writes = localWrites();
      const hit = entries.get(token);
      if (hit && at - hit.at < MAX_AGE_MS && hit.writes === writes) {
        return hit.value as Awaited<ReturnType<typeof load>>;
      }
      if (hit) drop(token);
      const seen = changes;
      const value = await load();
      const person = personOf(value);
      if (listening && changes === seen && localWrites() === writes && person !== null) {
        if (entries.size >= MAX_ENTRIES) clear();
        entries.set(token, { at, writes, person, value });
        const tokens = tokensOf.get(person) ?? new Set<string>();
        tokens.add(token);
        tokensOf.set(person, tokens);
      }
      return value;
    },
    forget(person) {
      changes++;
      if (person === EVERYONE) {
        clear();
        return;
      }
      for (const token of [...(tokensOf.get(person) ?? [])]) drop(token);
    },
    setListening(next) {
      changes++;
      listening = next;
      clear();
    },
  };
}

/** Feeds the cache from the database's change notifications until stopped. */
export function listenForSessionChanges(deps: {
  url: string;
  cache: SessionCache;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}) {
  return listenOnChannel({
    url: deps.url,
    channel: SESSION_CHANGE_CHANNEL,
    onNotification: (person) => deps.cache.forget(person),
    onListening: () => deps.cache.setListening(true),
    onLost: () => deps.cache.setListening(false),
    purpose: 'session changes (every request reads its session meanwhile)',
    log: deps.log,
  });
}
