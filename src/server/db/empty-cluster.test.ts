import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client';
import { committedClusterVersion, installedPgliteVersion } from './empty-cluster';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function newFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'panelhub-cluster-'));
  folders.push(dir);
  return join(dir, 'pglite');
}

/** initdb draws a new system identifier for every cluster it makes. */
async function systemIdentifier(dataDir: string): Promise<string> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [row] = rowsOf<{ id: string }>(
      await handle.db.execute(sql`select system_identifier::text as id from pg_control_system()`),
    );
    return row?.id ?? '';
  } finally {
    await handle.close();
  }
}

describe('the committed empty cluster', () => {
  it('was made by the installed PGlite (after an upgrade: npm run db:cluster)', async () => {
    expect(await committedClusterVersion()).toBe(await installedPgliteVersion());
  });

  it('is what a new data folder starts from, and a folder that has a cluster keeps its own', async () => {
    const first = await newFolder();
    const second = await newFolder();
    const firstId = await systemIdentifier(first);
    expect(firstId).toMatch(/^\d+$/);
    // Two new folders, one identifier: neither ran initdb.
    expect(await systemIdentifier(second)).toBe(firstId);

    const handle = await openDatabase({ kind: 'pglite', dataDir: first });
    await handle.db.execute(sql`create table kept (id int)`);
    await handle.db.execute(sql`insert into kept values (7)`);
    await handle.close();
    const reopened = await openDatabase({ kind: 'pglite', dataDir: first });
    try {
      const rows = rowsOf<{ id: number }>(await reopened.db.execute(sql`select id from kept`));
      expect(rows).toEqual([{ id: 7 }]);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
