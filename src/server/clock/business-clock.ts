import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { readOffset } from './offset';

/** On the request path the cached offset is read again at most this often. */
export const REQUEST_REFRESH_MS = 1_000;

/**
 * The business time while the sandbox clock runs: the base clock (real time, or a test's
 * clock) plus an offset kept in the database. `now()` stays synchronous, as every rule calls
 * it, so the offset is cached here and read again at the start of each sweep round and, at
 * most once a second, before a request.
 */
export interface SandboxClock {
  now(): Date;
  /** The base clock, which sessions, sign-in codes and rate limits keep. */
  realNow(): Date;
  offsetMs(): number;
  /** Reads the offset from the database and returns it. */
  refresh(): Promise<number>;
  /**
   * refresh(), unless the last read is under a second old; requests arriving meanwhile share
   * one read (a sweep round makes its own). Never fails: a database that does not answer leaves the cached offset in place.
   */
  refreshIfStale(): Promise<void>;
  /** Takes an offset this process just wrote (an advance), before any read would see it. */
  moveTo(offsetMs: number): void;
}

export function createSandboxClock(deps: {
  db: Database;
  base: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): SandboxClock {
  const { db, base } = deps;
  let offset = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<number> | null = null;

  // The offset only grows: a read that started before an advance committed must not undo it.
  const moveTo = (next: number) => {
    if (next > offset) offset = next;
  };

  const refresh = async () => {
    const value = await readOffset(db);
    moveTo(value);
    readAt = performance.now();
    return offset;
  };

  return {
    now: () => new Date(base().getTime() + offset),
    realNow: base,
    offsetMs: () => offset,
    refresh,
    async refreshIfStale() {
      if (performance.now() - readAt < REQUEST_REFRESH_MS) return;
      reading ??= refresh()
        .catch((err: unknown) => {
          // Tried: the next try waits its second too, so a database that is down is not asked per request.
          readAt = performance.now();
          deps.log.warn({ err }, 'could not read the sandbox clock; keeping the last offset');
          return offset;
        })
        .finally(() => {
          reading = null;
        });
      await reading;
    },
    moveTo,
  };
}
