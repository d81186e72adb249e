import { setFlagsFromString } from 'node:v8';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { claimDataDir, DataDirInUseError } from './data-dir-lock';
import { startingCluster } from './empty-cluster';
import { countLocalWrite } from './local-writes';
import { observedTransaction, observePool, type QueryObserver } from './query-observer';
import { registerWriteCounter } from './read-memo';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback receives. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseTarget =
  /** dataDir undefined = in memory; loadDataDir restores a dump (test databases). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export type Driver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };

export interface DatabaseHandle {
  db: Database;
  driver: Driver;
  /** Runs raw SQL with parameters; used by tools that bring their own SQL (the job queue). */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * Wraps every statement from now on, whichever driver runs it (the app's tracing, from
   * buildApp); null goes back to unwrapped statements (on PostgreSQL each is still counted as a
   * possible write of this process, db/local-writes.ts). At the driver and not in Drizzle, so the
   * statements of better-auth, the job queue's raw SQL and transactions are seen too.
   */
  observeQueries(observer: QueryObserver | null): void;
  /**
   * Tells `report` of every connection PostgreSQL or the network drops, until the function
   * returned is called (the app logs them; with no one listening they go to stderr). PGlite
   * has no connection to lose.
   */
  reportLostConnections(report: (err: Error) => void): () => void;
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** A statement that cannot change data: a plain SELECT (our triggers fire on writes only). */
const READ_ONLY = /^\s*select\b/i;

/**
 * PGlite's own start parameters with 32 MB of shared buffers instead of PostgreSQL's 128 MB. The
 * embedded engine's WebAssembly heap holds and touches them all at start: a third of the server's
 * idle memory on PGlite, for a database whose hot rows fit in far less (docs/performance.md).
 * Were a later PGlite to stop exposing its defaults, its own start is kept, whole.
 */
function smallerBuffers(defaults: unknown): { startParams?: string[] } {
  if (!Array.isArray(defaults) || !defaults.every((param) => typeof param === 'string')) return {};
  return { startParams: [...defaults, '-c', 'shared_buffers=32MB'] };
}

/**
 * The embedded engine is a WebAssembly build of PostgreSQL. V8 compiles it quickly first, then
 * again, optimised, each function that has run past a budget. Node 20's V8 sets that budget
 * low (1.8 million, roughly bytes executed): the engine's own start-up code crosses it, and its
 * optimising compiles then take both cores of a small machine while the server starts. Node
 * 26's V8 raised it to 13 million; at 18 million on every version, a start on an existing data
 * folder took 2.7 s instead of 3.1 s here, and the code a running server repeats is still
 * optimised (docs/performance.md). The flag concerns WebAssembly only, which nothing else in
 * the server runs.
 */
function raiseWasmTieringBudget(): void {
  setFlagsFromString('--wasm-tiering-budget=18000000');
}

/**
 * PGlite counting what may have changed data once it has run: any statement but a SELECT, every
 * exec and every transaction (committed or not). Only this process can open the database, so
 * the count sees every write (read-memo.ts relies on that). PGlite is loaded only when used: a
 * server on PostgreSQL never pays for it in memory.
 */
async function openPglite(target: Extract<DatabaseTarget, { kind: 'pglite' }>) {
  raiseWasmTieringBudget();
  const [{ PGlite }, { pg_trgm }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);

  class WriteCountingPGlite extends PGlite {
    writes = 0;
    /** See DatabaseHandle.observeQueries. */
    observer: QueryObserver | null = null;

    override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      try {
        const observer = this.observer;
        return await (observer
          ? observer(query, () => super.query<T>(query, params, options))
          : super.query<T>(query, params, options));
      } finally {
        if (!READ_ONLY.test(query)) this.writes++;
      }
    }

    override async exec(query: string, options?: QueryOptions): Promise<Array<Results>> {
      try {
        const observer = this.observer;
        return await (observer
          ? observer(query, () => super.exec(query, options))
          : super.exec(query, options));
      } finally {
        this.writes++;
      }
    }

    override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      try {
        const observer = this.observer;
        return await super.transaction(
          observer ? (tx) => callback(observedTransaction(tx, observer)) : callback,
        );
      } finally {
        this.writes++;
      }
    }
  }

  const release = target.dataDir
    ? await claimDataDir(target.dataDir).catch((error: unknown) => {
        if (error instanceof DataDirInUseError) throw new DatabaseUnavailableError(error.message);
        throw error;
      })
    : async () => {};
  let client: WriteCountingPGlite;
  try {
    const loadDataDir = target.loadDataDir ?? (await startingCluster(target.dataDir));
    // The options-only form: `new PGlite(undefined, options)` silently drops the extensions.
    client = new WriteCountingPGlite({
      ...smallerBuffers((PGlite as unknown as { defaultStartParams?: unknown }).defaultStartParams),
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      extensions: { pg_trgm },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    await client.waitReady;
  } catch (error) {
    await release();
    throw error;
  }
  const db = drizzle(client, { schema }) as unknown as Database;
  registerWriteCounter(db, client);
  return { client, db, release };
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    const { client, db, release } = await openPglite(target);
    return {
      db,
      driver: { kind: 'pglite', client },
      query: async <T>(text: string, values?: unknown[]) => {
        const result = await client.query<T>(text, values);
        return { rows: result.rows };
      },
      observeQueries: (observer) => {
        client.observer = observer;
      },
      reportLostConnections: () => () => {},
      close: async () => {
        await client.close();
        await release();
      },
    };
  }

  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  // node-postgres emits 'error' on a client whose connection ends (a terminated backend, a
  // restart, a cut network), and an 'error' nobody listens to ends the process. The pool
  // listens only while a client is idle; a client lent out (a worker's batch in its
  // transaction) had no listener, so one lost connection took the whole worker down. Every
  // client gets a listener for its life instead: the statement in flight fails with the error
  // (its transaction rolls back with the connection), the pool drops the client when it is
  // given back (it is no longer queryable) and connects a new one for the next caller.
  const reporters = new Set<(err: Error) => void>();
  const lost = (err: Error) => {
    if (reporters.size === 0) console.error(`lost a connection to PostgreSQL: ${err.message}`);
    for (const report of reporters) report(err);
  };
  pool.on('connect', (client) => client.on('error', lost));
  // The pool repeats an idle client's error here; the client's own listener has reported it.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(
      `Cannot connect to PostgreSQL at ${describeUrl(target.url)} (DATABASE_URL): ${reason}`,
    );
  }
  let observer: QueryObserver | null = null;
  const countingWrites: QueryObserver = (statement, run) => {
    const tracing = observer;
    const result = tracing ? tracing(statement, run) : run();
    return READ_ONLY.test(statement) ? result : result.finally(countLocalWrite);
  };
  observePool(pool, () => countingWrites);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: { kind: 'postgres', pool, url: target.url },
    query: async <T>(text: string, values?: unknown[]) => {
      const result = await pool.query(text, values);
      return { rows: result.rows as T[] };
    },
    observeQueries: (next) => {
      observer = next;
    },
    reportLostConnections: (report) => {
      reporters.add(report);
      return () => reporters.delete(report);
    },
    close: () => pool.end(),
  };
}

/**
 * Rows of a raw `execute(sql...)`. Both drivers return `{ rows }`, but the shared
 * Database type cannot name either driver's result, so raw queries read it through here.
 */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('Unexpected result from the database driver.');
  return rows as T[];
}
