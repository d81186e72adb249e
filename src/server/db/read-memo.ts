/**
 * Counts the statements that may have changed data. Only for a database that no other
 * process can open (the embedded PGlite): then every write passes through this count.
 */
export interface WriteCounter {
  readonly writes: number;
}

// Keyed by the database handle; typed as any object so this file needs nothing from client.ts.
const counters = new WeakMap<object, WriteCounter>();

export function registerWriteCounter(db: object, counter: WriteCounter): void {
  counters.set(db, counter);
}

/** The write count of a database only this process can open (PGlite); undefined on PostgreSQL. */
export function embeddedWriteCount(db: object): (() => number) | undefined {
  const counter = counters.get(db);
  return counter ? () => counter.writes : undefined;
}

/** Entries are dropped at the first write anyway; these bound memory and any missed write. */
const MAX_ENTRIES = 10_000;
const MAX_AGE_MS = 10_000;

export interface ReadMemo {
  /** `load()`'s answer for `key`, reused until the next write (or 10 s). Treat it as read-only. */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/**
 * Remembers hot reads between writes on the embedded database, where the embedded engine's
 * per-statement cost dominates a signed-in request (docs/decisions/0010). Undefined on
 * PostgreSQL: other instances write there unseen, so every read asks the database.
 */
export function readMemo(db: object): ReadMemo | undefined {
  const counter = counters.get(db);
  if (!counter) return undefined;
  const entries = new Map<string, { at: number; value: unknown }>();
  let seenWrites = counter.writes;
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      // The count is taken before the read: a write that lands while it runs makes its answer
      // belong to a generation already gone, so it is never served.
      const writes = counter.writes;
      if (writes !== seenWrites) {
        entries.clear();
        seenWrites = writes;
      }
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < MAX_AGE_MS) return hit.value as T;
      const value = await load();
      if (counter.writes === writes) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, { at: now, value });
      }
      return value;
    },
  };
}
