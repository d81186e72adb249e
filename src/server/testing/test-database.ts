import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { giveBackEmbedded, takeEmbedded } from './embedded-databases';
import { forSuite } from './for-suite';

export interface TestDatabase extends DatabaseHandle {
  /** The connection URL on PostgreSQL (another process can open it); undefined on PGlite. */
  url: string | undefined;
  /** Opens another, independent connection to the same database (a second app instance). */
  openAnother(): Promise<DatabaseHandle>;
  /** Closes the connection and drops the copy. */
  destroy(): Promise<void>;
}

/** A fresh, migrated database for one test file (see global-setup.ts). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const handle = await takeEmbedded(target.dumpFile);
    // PGlite lives in this process: a second instance can only share the same handle.
    return {
      ...handle,
      url: undefined,
      openAnother: async () => ({ ...handle, close: async () => {} }),
      destroy: () => giveBackEmbedded(handle),
    };
  }

  // Named after the run's template, so the run's teardown finds any copy still standing.
  const name = `${target.template}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${target.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 20 });
  // A test may close it itself (to break it) before dropping it.
  let closed = false;
  const handle: DatabaseHandle = {
    ...opened,
    close: async () => {
      if (closed) return;
      closed = true;
      await opened.close();
    },
  };
  return {
    ...handle,
    url: url.toString(),
    openAnother: () => openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 20 }),
    destroy: async () => {
      await handle.close();
      // Not waited for: a drop waits for a checkpoint, a second or more on a server this busy,
      // and the worker's next file needs nothing from it. What a worker leaves standing when
      // it ends, the run's teardown drops (global-setup.ts).
      void dropDatabase(target.adminUrl, name).catch(() => {});
    },
  };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  try {
    await cleanup.query(`drop database if exists ${name} with (force)`);
  } finally {
    await cleanup.end();
  }
}

/** createTestDatabase for the tests of one file or describe block: made before them, dropped after. */
export const testDatabaseForSuite = (): TestDatabase => forSuite(createTestDatabase, (d) => d.destroy());

/**
 * Another connection to a suite's database (a second app instance), for the same tests: opened
 * after the database and, hooks running in reverse on the way out, closed before it is dropped.
 */
export const anotherConnectionForSuite = (database: TestDatabase): DatabaseHandle =>
  forSuite(
    () => database.openAnother(),
    (handle) => handle.close(),
  );
