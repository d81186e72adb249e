/**
 * The compiled production server as the benches start it, the process measures they read, and
 * the throw-away databases they run it on.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, waitUntilReady } from './process';

/** The repository the benches build and start the server in. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

/**
 * `npm run build`, unless `--no-build` is among the arguments: `npm run bench` builds once and
 * passes it, so a bench run by itself still measures the current sources.
 */
export function buildUnlessNoBuild(root: string, argv: readonly string[] = process.argv): void {
  if (argv.includes('--no-build')) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

export interface RunningApp {
  url: string;
  pid: number;
  /** Milliseconds from the process start to the first ready answer. */
  readyMs: number;
  stop(): Promise<void>;
}

export interface AppSettings {
  dataDir: string;
  databaseUrl?: string;
  secrets: { session: string; panel: string };
  /** Seed the demo data (the first start); later starts run as production does, without. */
  seed: boolean;
  /** Environment over the defaults below (which suit a load run). */
  env?: Record<string, string>;
}

export const newSecrets = () => ({
  session: randomBytes(32).toString('hex'),
  panel: randomBytes(32).toString('hex'),
});

/**
 * The compiled production server (`node dist/server/serve.js` in `root`, NODE_ENV=production)
 * on a free loopback port, the sandbox taking payments; the demo data's accounts sign in.
 */
export async function startApp(root: string, settings: AppSettings): Promise<RunningApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/serve.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: settings.dataDir,
      ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {}),
      DEMO_MODE: settings.seed ? 'true' : 'false',
      SANDBOX_PAYMENTS: 'true',
      LOG_LEVEL: 'warn',
      // Every request of a run comes from one address and one account, as no real traffic does.
      RATE_LIMIT_MULTIPLIER: '1000',
      SESSION_SECRET: settings.secrets.session,
      PANEL_SECRET_KEY: settings.secrets.panel,
      ...settings.env,
    },
  });
  try {
    // Polled often: the time to ready is one of the figures.
    await waitUntilReady(`${url}/api/ready`, child, 120_000, 25);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const readyMs = Math.round(performance.now() - started);
  return {
    url,
    pid: child.pid ?? 0,
    readyMs,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/**
 * A throw-away PostgreSQL database next to the one `adminUrl` names (its role may create
 * databases): a random name, or `fixedName` dropped first and made again, for a machine where
 * each run has its own database.
 */
export async function createDatabase(
  adminUrl: string,
  fixedName?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (fixedName !== undefined && !/^[a-z_][a-z0-9_]*$/.test(fixedName)) {
    throw new Error(`not a plain database name: ${fixedName}`);
  }
  const name = fixedName ?? `panelhub_bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  if (fixedName) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The row that says PostgreSQL was not measured: its budgets are required, so it is a miss. */
export const POSTGRES_NOT_RUN = {
  what: 'PostgreSQL',
  value: 'not run: set BENCH_DATABASE_URL to a role that may create databases',
  budget: 'required',
  ok: false,
};

/**
 * The rows of `bench` on a throw-away PostgreSQL database next to BENCH_DATABASE_URL (or the
 * row saying it was not run), then on PGlite: a database-less `url` means PGlite.
 */
export async function onEachDatabase<Row>(
  bench: (database: 'PostgreSQL' | 'PGlite', url?: string) => Promise<Row[]>,
): Promise<(Row | typeof POSTGRES_NOT_RUN)[]> {
  const rows: (Row | typeof POSTGRES_NOT_RUN)[] = [];
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const database = await createDatabase(adminUrl);
    try {
      rows.push(...(await bench('PostgreSQL', database.url)));
    } finally {
      await database.drop();
    }
  } else {
    rows.push(POSTGRES_NOT_RUN);
  }
  rows.push(...(await bench('PGlite')));
  return rows;
}
