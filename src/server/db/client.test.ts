import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { testDatabaseUrl } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { openDatabase, rowsOf } from './client';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

describe.runIf(testDatabaseUrl())('the PostgreSQL pool', () => {
  it('holds as many connections as DATABASE_POOL_SIZE says, and no more', async () => {
    const config = loadConfig({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: '3' });
    if (config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const handle = await openDatabase(config.database);
    try {
      if (handle.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const pool = handle.driver.pool;
      // Five statements that each hold their connection for a moment: three run, two wait.
      await Promise.all(Array.from({ length: 5 }, () => handle.query('select pg_sleep(0.2)')));
      expect(pool.totalCount).toBe(3);
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(testDatabaseUrl())('a connection PostgreSQL ends', () => {
  const terminate = (pid: number) => database.query('select pg_terminate_backend($1)', [pid]);

  it('fails the transaction on it and is reported; the process goes on and the pool connects anew', async () => {
    const handle = await openDatabase({ kind: 'postgres', url: database.url ?? '', maxConnections: 2 });
    const lost: Error[] = [];
    handle.reportLostConnections((err) => lost.push(err));
    try {
      let pid = 0;
      // A client lent out, in the middle of a transaction, as a worker's batch holds one: with
      // no listener of its own, its 'error' would end this process (and fail this run).
      const batch = handle.db.transaction(async (tx) => {
        pid = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]?.pid ?? 0;
        await tx.execute(sql`select pg_sleep(30)`);
      });
      await until(async () => pid !== 0);
      await terminate(pid);
      await expect(batch).rejects.toThrow();
      await until(async () => lost.length > 0);

      // An idle client's lost connection is reported too.
      const { rows } = await handle.query<{ pid: number }>('select pg_backend_pid() as pid');
      await terminate(rows[0]?.pid ?? 0);
      await until(async () => lost.length > 1);

      const after = await handle.query<{ one: number }>('select 1 as one');
      expect(after.rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('goes to the reporters still listening', async () => {
    const handle = await openDatabase({ kind: 'postgres', url: database.url ?? '', maxConnections: 1 });
    const first: Error[] = [];
    const second: Error[] = [];
    const stopFirst = handle.reportLostConnections((err) => first.push(err));
    handle.reportLostConnections((err) => second.push(err));
    stopFirst();
    try {
      const { rows } = await handle.query<{ pid: number }>('select pg_backend_pid() as pid');
      await terminate(rows[0]?.pid ?? 0);
      await until(async () => second.length > 0);
      expect(first).toHaveLength(0);
    } finally {
      await handle.close();
    }
  });
});

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
