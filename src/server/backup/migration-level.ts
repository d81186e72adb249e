import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { migrationsFolder } from '../paths';
import type { RawQuery } from './session';

/**
 * How far a database's schema went: how many of the committed migrations ran, and the
 * timestamp of the last one (its `when` in drizzle/meta/_journal.json, which the migrator
 * records). Two databases at one level have the same tables and columns.
 */
export interface MigrationLevel {
  count: number;
  last: number;
}

const journalSchema = z.object({
  entries: z.array(z.object({ when: z.number().int(), tag: z.string().min(1) }).loose()),
});
type Journal = z.infer<typeof journalSchema> & Record<string, unknown>;

async function readJournal(): Promise<Journal> {
  const raw: unknown = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  return { ...(raw as Record<string, unknown>), ...journalSchema.parse(raw) };
}

export async function readLevel(query: RawQuery): Promise<MigrationLevel> {
  const [table] = await query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return { count: 0, last: 0 };
  const [row] = await query<{ count: number; last: string }>(
    'select count(*)::int as count, coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations',
  );
  return { count: row?.count ?? 0, last: Number(row?.last ?? 0) };
}

/** The level this release reaches, and whether it knows `level` (an older or equal one). */
export async function releaseLevels(): Promise<{
  latest: MigrationLevel;
  knows(level: MigrationLevel): boolean;
}> {
  const { entries } = await readJournal();
  return {
    latest: { count: entries.length, last: entries.at(-1)?.when ?? 0 },
    knows: (level) => (level.count === 0 ? level.last === 0 : entries[level.count - 1]?.when === level.last),
  };
}

/**
 * Runs the committed migrations up to `count` and no further, through the same migrator and
 * lock as a start: the migrator reads a folder, so it is given one holding only those.
 */
export async function migrateUpTo(handle: DatabaseHandle, count: number): Promise<void> {
  const journal = await readJournal();
  const entries = journal.entries.slice(0, count);
  const folder = await mkdtemp(join(tmpdir(), 'panelhub-migrations-'));
  try {
    await mkdir(join(folder, 'meta'));
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries)
      await copyFile(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`));
    await runMigrations(handle, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
