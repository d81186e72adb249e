import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Wraps each statement as it runs (tracing gives it a span); what `run` resolves or throws is
 * the statement's own. Set on a handle with `observeQueries`; unset, statements run bare.
 */
export type QueryObserver = <T>(statement: string, run: () => Promise<T>) => Promise<T>;

type Observed = () => QueryObserver | null;

/** The text of a query as node-postgres takes it: a string or `{ text }`; a stream (Submittable) is left alone. */
function statementOf(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  if (typeof query !== 'object' || query === null) return undefined;
  if (typeof (query as { submit?: unknown }).submit === 'function') return undefined;
  const text = (query as { text?: unknown }).text;
  return typeof text === 'string' ? text : undefined;
}

/**
 * Observes the statements of a node-postgres pool at the two doors our code and Drizzle use:
 * `pool.query` (one statement on any connection) and the clients `pool.connect()` lends (a
 * transaction's statements). Not at each client's own `query`: `pool.query` calls that from
 * whichever code released a connection when the pool was full, so a span begun there would
 * hang under another request's trace. A statement's span from `pool.query` includes its wait
 * for a free connection, which is where a full pool shows.
 */
export function observePool(pool: pg.Pool, observed: Observed): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const observer = observed();
    const statement = statementOf(args[0]);
    // Callback calls are node-postgres' own business; ours all take the promise.
    if (!observer || statement === undefined || typeof args.at(-1) === 'function') return query(...args);
    return observer(statement, () => query(...args) as Promise<unknown>);
  }) as typeof pool.query;

  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    // With a callback it is pool.query taking a connection: its statement is observed above.
    if (args.length > 0 || !observed()) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => lentClient(client, observed));
  }) as typeof pool.connect;
}

/**
 * The client as lent: its `query` observed, everything else the client's own. A stand-in
 * rather than a change to the client, which goes back to the pool and serves pool.query next.
 */
function lentClient(client: pg.PoolClient, observed: Observed): pg.PoolClient {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const observedQuery = (...args: unknown[]) => {
    const observer = observed();
    const statement = statementOf(args[0]);
    if (!observer || statement === undefined || typeof args.at(-1) === 'function') return query(...args);
    return observer(statement, () => query(...args) as Promise<unknown>);
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return observedQuery;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A PGlite transaction whose statements are observed; its other members are the transaction's own. */
export function observedTransaction(tx: Transaction, observer: QueryObserver): Transaction {
  const observed: Transaction = Object.create(tx);
  observed.query = (query, params, options) => observer(query, () => tx.query(query, params, options));
  observed.exec = (query, options) => observer(query, () => tx.exec(query, options));
  return observed;
}
