import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { COMPILED_TESTS_DIR } from './compiled-entry';
import { testDatabaseUrl } from './test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { kind: 'pglite'; dumpFile: string }
      | { kind: 'postgres'; adminUrl: string; template: string };
    /** A migrated embedded database in a folder, for tests of the real process (its DATA_DIR/pglite). */
    migratedDataDir: string;
    /** A dump of an embedded cluster before any migration, for the tests of one migration. */
    emptyClusterDump: string;
  }
}

// One template per run, so two runs on one server (CI and a developer) never drop each other's.
const TEMPLATE_DATABASE = `panelhub_test_template_${process.pid}`;

/**
 * Migrates once per run, then every test file gets its own copy: a PGlite data-dir dump,
 * or a PostgreSQL database created from a migrated template (TEST_DATABASE_URL).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'panelhub-test-'));
  // Made once: a fresh embedded database starts by creating its cluster, which costs each
  // process that does it seconds, and the tests of the real process start several.
  await mkdir(join(dir, 'data'));
  const pglite = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'data', 'pglite') });
  if (pglite.driver.kind !== 'pglite') throw new Error('expected PGlite');
  // Loading this costs a migration test half of what creating a cluster of its own does.
  const emptyClusterDump = join(dir, 'empty-cluster.tar');
  await writeFile(
    emptyClusterDump,
    Buffer.from(await (await pglite.driver.client.dumpDataDir('none')).arrayBuffer()),
  );
  project.provide('emptyClusterDump', emptyClusterDump);
  await runMigrations(pglite);
  const dump = await pglite.driver.client.dumpDataDir('gzip');
  await pglite.close();
  project.provide('migratedDataDir', join(dir, 'data'));
  const removeDir = async () => {
    await rm(dir, { recursive: true, force: true });
    await removeOrphanedBuilds();
  };

  const adminUrl = testDatabaseUrl();
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${TEMPLATE_DATABASE}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
    await runMigrations(handle);
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', adminUrl, template: TEMPLATE_DATABASE });
    return async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // The files' copies are named after the template; their drops are not waited for
      // (test-database.ts), so a worker that ended may have left some standing.
      const { rows } = await cleanup.query<{ name: string }>(
        'select datname as name from pg_database where starts_with(datname, $1)',
        [`${TEMPLATE_DATABASE}_`],
      );
      for (const { name } of rows) await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await cleanup.end();
      await removeDir();
    };
  }

  const dumpFile = join(dir, 'migrated.tar.gz');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', dumpFile });
  return removeDir;
}

/**
 * The compiled entries of workers that are gone (each worker removes its own as it exits; one
 * killed leaves it behind). Another run of the suite in the same checkout may be using its own
 * at this moment, so a living process's folder stays.
 */
async function removeOrphanedBuilds(): Promise<void> {
  const entries = await readdir(COMPILED_TESTS_DIR).catch(() => [] as string[]);
  for (const entry of entries) {
    if (isAlive(Number(entry))) continue;
    await rm(join(COMPILED_TESTS_DIR, entry), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
