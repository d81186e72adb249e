import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { testDatabaseUrl } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { openDatabase } from './client';

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
