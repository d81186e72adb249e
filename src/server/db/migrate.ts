import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { z } from 'zod';
import { migrationsFolder } from '../paths';
import { type DatabaseHandle, rowsOf, type Schema } from './client';

const journalSchema = z.object({ entries: z.array(z.object({ when: z.number() })).min(1) });

/** Arbitrary constant: every instance that starts at once waits on the same lock. */
const MIGRATION_LOCK_ID = 72_410_311;

/**
 * Brings the database to the migrations of `folder` (the committed ones by default; a restore
 * passes a folder holding only the first few, to stop at the level its backup was made at).
 */
export async function runMigrations(
  handle: DatabaseHandle,
  folder: string = migrationsFolder,
): Promise<void> {
  if (await isUpToDate(handle, folder)) return;
  const { driver } = handle;
  // Each driver's migrator is loaded only for that driver (client.ts loads PGlite the same way).
  if (driver.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
    return;
  }
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
  // Several app instances may boot together against one PostgreSQL: only one migrates.
  const lockClient = await driver.pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(handle.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
}

/**
 * Whether the database already has every migration of `folder`, read the way drizzle's migrator
 * decides (a migration is applied when the newest recorded one is at least as recent). Each
 * start asks this first: on the embedded database the migrator's own check (its schema, its
 * table, its transaction) costs about 0.3 s even when there is nothing to apply. A database that
 * never ran a migration has no table to read: that is "not up to date", and the migrator runs.
 */
export async function isUpToDate(
  handle: DatabaseHandle,
  folder: string = migrationsFolder,
): Promise<boolean> {
  const journal = journalSchema.parse(
    JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8')),
  );
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const [row] = rowsOf<{ applied: string | number | null }>(
      await handle.db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`),
    );
    return row?.applied != null && Number(row.applied) >= newest;
  } catch {
    return false;
  }
}
