import type { DatabaseHandle } from '../db/client';

/** Raw SQL on one connection inside one transaction; rows as the driver gives them. */
export type RawQuery = <R extends Record<string, unknown>>(text: string, values?: unknown[]) => Promise<R[]>;

/**
 * Runs `work` in one transaction on one connection of either driver. A backup needs every
 * table read from the same snapshot, and a restore needs every row in or none, so neither can
 * go through the pool statement by statement.
 *
 * 'snapshot' is REPEATABLE READ, READ ONLY: on PostgreSQL other instances keep writing while
 * the backup reads what was committed when it began.
 */
export async function inTransaction<T>(
  handle: DatabaseHandle,
  mode: 'snapshot' | 'write',
  work: (query: RawQuery) => Promise<T>,
): Promise<T> {
  const begin =
    mode === 'snapshot' ? 'set transaction isolation level repeatable read, read only' : undefined;
  const { driver } = handle;
  if (driver.kind === 'pglite') {
    return driver.client.transaction(async (tx) => {
      const query: RawQuery = async <R>(text: string, values?: unknown[]) =>
        (await tx.query<R>(text, values)).rows;
      if (begin) await query(begin);
      return work(query);
    });
  }
  const client = await driver.pool.connect();
  const query: RawQuery = async <R>(text: string, values?: unknown[]) =>
    (await client.query(text, values)).rows as R[];
  try {
    await query('begin');
    if (begin) await query(begin);
    const result = await work(query);
    await query('commit');
    return result;
  } catch (error) {
    await query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Single statements through the pool, for the checks a restore makes before its transaction. */
export const pooled =
  (handle: DatabaseHandle): RawQuery =>
  async <R extends Record<string, unknown>>(text: string, values?: unknown[]) =>
    (await handle.query<R>(text, values)).rows;
