import type { DatabaseHandle } from '../db/client';

const LOCK_NAME = 'sandbox-clock';

/** The advances in line on each embedded database (one per process: data-dir-lock.ts). */
const queues = new WeakMap<object, Promise<unknown>>();

/**
 * Runs `work` while no other advance of the clock runs, on any instance: a second one waits
 * for the first to finish. The work runs the sweeps, each in transactions of its own, so the
 * lock cannot be a transaction's.
 * - PostgreSQL: a session-level advisory lock held on a connection of its own for the whole
 *   advance. A process that dies mid-advance drops its connection, and the lock with it.
 * - PGlite: only one process can open the database (db/data-dir-lock.ts), so a queue in this
 *   process serves every app instance on it; a PGlite transaction held across the sweeps would
 *   instead block them all (it has one connection).
 */
export async function withClockLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  const { driver } = database;
  if (driver.kind === 'postgres') {
    const client = await driver.pool.connect();
    let broken = false;
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [LOCK_NAME]);
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [LOCK_NAME]).catch(() => {
          broken = true;
        });
      }
    } finally {
      // A connection that could not unlock is closed rather than pooled: closing releases the lock.
      client.release(broken ? true : undefined);
    }
  }
  const before = queues.get(driver.client) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(work);
  queues.set(driver.client, mine);
  try {
    return await mine;
  } finally {
    if (queues.get(driver.client) === mine) queues.delete(driver.client);
  }
}
