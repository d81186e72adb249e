import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder } from '../paths';
import type { DatabaseHandle, Schema } from './client';

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
