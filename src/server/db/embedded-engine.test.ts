import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../testing/test-config';
import { testDatabaseForSuite } from '../testing/test-database';
import { rowsOf } from './client';

const database = testDatabaseForSuite();

describe.runIf(!testDatabaseUrl())('the embedded engine', () => {
  // Its WebAssembly heap holds the shared buffers whole from the start: they are most of the
  // server's idle memory on PGlite (docs/performance.md).
  it("starts with 32 MB of shared buffers, not PostgreSQL's 128 MB", async () => {
    const [row] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`show shared_buffers`));
    expect(row?.shared_buffers).toBe('32MB');
  });
});
