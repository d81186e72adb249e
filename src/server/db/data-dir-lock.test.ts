import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../testing/data-dir';
import { DatabaseUnavailableError, openDatabase } from './client';

let folder: string;

beforeAll(async () => {
  // An embedded database made once (testing/data-dir.ts): the claim is what is tested here.
  folder = await migratedDataDir();
});

afterAll(() => rm(folder, { recursive: true, force: true }));

/** A process id no process has: well above Linux's default pid_max (4,194,304). */
const DEAD_PID = 99_999_999;

describe('the embedded database folder', () => {
  it('is opened by one process at a time; closing hands it on', async () => {
    const dataDir = join(folder, 'pglite');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));

    const second = openDatabase({ kind: 'pglite', dataDir });
    await expect(second).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(second).rejects.toThrow(`in use by process ${process.pid}`);

    await first.close();
    const after = await openDatabase({ kind: 'pglite', dataDir });
    await after.close();
  }, 60_000);

  it('is taken over from a process that died without letting go', async () => {
    const dataDir = join(folder, 'pglite');
    await writeFile(`${dataDir}.lock`, String(DEAD_PID));
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await handle.close();
  }, 60_000);

  it('is taken over from an earlier life of a process with our own id (a restarted container)', async () => {
    const dataDir = join(folder, 'pglite');
    await writeFile(`${dataDir}.lock`, String(process.pid));
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow('in use');
    await handle.close();
  }, 60_000);
});
