import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, inject } from 'vitest';
import { migrationsFolder } from '../paths';

/** The migrations folder as it was before the migration `name`: the same files, the journal cut there. */
export function folderBefore(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'panelhub-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(name));
  if (at < 1) throw new Error(`no migration named ${name} after the first`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * For a test of one migration on the rows it meets: an embedded database migrated up to just
 * before `name` (`migrateBefore`), then through it and the rest (`migrateAll`). Closed and
 * removed after the file.
 */
export function migrationUnderTest(name: string) {
  const client = new PGlite({
    extensions: { pg_trgm },
    loadDataDir: new Blob([readFileSync(inject('emptyClusterDump'))]),
  });
  const db = drizzle(client);
  const before = folderBefore(name);
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });
  return {
    client,
    migrateBefore: () => migrate(db, { migrationsFolder: before }),
    migrateAll: () => migrate(db, { migrationsFolder }),
  };
}
