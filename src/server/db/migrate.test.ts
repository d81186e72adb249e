import { readFileSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { folderBefore } from '../testing/migration-under-test';
import { openDatabase, rowsOf } from './client';
import { isUpToDate, runMigrations } from './migrate';

describe('migrating at start', () => {
  it('skips the migrator only when the newest migration of the folder is recorded', async () => {
    const handle = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([readFileSync(inject('emptyClusterDump'))]),
    });
    const before = folderBefore('session_changes');
    afterAll(async () => {
      await handle.close();
      rmSync(before, { recursive: true, force: true });
    });
    const triggerFunctions = async () =>
      rowsOf<{ n: number }>(
        await handle.db.execute(
          sql`select count(*)::int as n from pg_proc where proname = 'panelhub_session_changed'`,
        ),
      )[0]?.n;

    // A database that never migrated has no table of migrations to read.
    expect(await isUpToDate(handle)).toBe(false);

    await runMigrations(handle, before);
    expect(await isUpToDate(handle, before)).toBe(true);
    expect(await isUpToDate(handle)).toBe(false);
    expect(await triggerFunctions()).toBe(0);

    await runMigrations(handle);
    expect(await isUpToDate(handle)).toBe(true);
    expect(await triggerFunctions()).toBe(1);
  }, 90_000);
});
