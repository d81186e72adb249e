import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledEntry } from '../testing/compiled-entry';
import { migratedDataDir } from '../testing/data-dir';
import { TEST_PROCESS_FLAGS } from '../testing/process-flags';

/*
 * The commands as an operator runs them, on the embedded database: what they print, where,
 * and their exit codes (0 done, 2 refused with one line on stderr).
 */

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(dataDir: string, args: string[], stdin = ''): Promise<Run> {
  const child = spawn(process.execPath, [...TEST_PROCESS_FLAGS, cliJs, ...args], {
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: dataDir },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdin.end(stdin);
  return new Promise((resolve) =>
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
}

let dir: string;
const dirs: string[] = [];
let cliJs: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'panelhub-backup-cli-'));
  cliJs = await compiledEntry('src/server/cli/main.ts');
});
afterAll(() => Promise.all([dir, ...dirs].map((d) => rm(d, { recursive: true, force: true }))));

async function dataDir() {
  const made = await migratedDataDir();
  dirs.push(made);
  return made;
}

describe('npm run cli -- backup / restore', () => {
  it('backs up, restores into an empty database, and refuses one holding data with exit code 2 and one line', async () => {
    const source = await dataDir();
    const target = await dataDir();
    const file = join(dir, 'ops.jsonl.gz');
    const created = await cli(
      source,
      ['admin:create', '--email', 'ops@example.com', '--name', 'Ops'],
      'long-enough\n',
    );
    expect(created).toMatchObject({ code: 0, stdout: 'Admin ops@example.com created.\n' });

    const backup = await cli(source, ['backup', file]);
    expect(backup.stderr).toBe('');
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.stdout).toMatch(/^Backed up \d+ rows of \d+ tables to .*ops\.jsonl\.gz/);

    const restore = await cli(target, ['restore', file]);
    expect(restore.stderr).toBe('');
    expect(restore).toMatchObject({ code: 0 });
    expect(restore.stdout).toMatch(
      /^Restored \d+ rows of \d+ tables from .*ops\.jsonl\.gz \(made \S+ on pglite\)/,
    );

    // The source holds data too; each process opening the embedded database costs seconds.
    const again = await cli(source, ['restore', file]);
    expect(again).toMatchObject({ code: 2, stdout: '' });
    expect(again.stderr).toMatch(
      /^The database is not empty \(rows in [^)]*\buser\b[^)]*\): restore only into a new database.*\n$/,
    );
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
  }, 300_000);

  it('refuses a missing file argument with exit code 2 and one line', async () => {
    const run = await cli(join(dir, 'unused'), ['restore']);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/^<file>: one argument: the backup file/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
