import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * A new DATA_DIR holding a migrated embedded database (in `pglite/`, where the server looks),
 * copied from the one the run made (global-setup.ts): for tests of the real process that are
 * not about a first start.
 */
export async function migratedDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'panelhub-data-'));
  await cp(inject('migratedDataDir'), dir, { recursive: true });
  return dir;
}
