/**
 * bench/api: the signed-in API under load. Starts the compiled production server on PGlite and,
 * with BENCH_DATABASE_URL set (a PostgreSQL role that may create databases), on a fresh
 * PostgreSQL database; signs in the demo accounts; drives each route with autocannon (50
 * connections, 10 s, loopback) next to a Fastify hello-world in the same run; prints req/s,
 * p50, p99, non-2xx and the ratio to hello-world against the budgets, and whether the memory
 * comes back to its idle figure after the load. Start time and idle memory are bench/startup's.
 * Exits 1 on a miss. `--no-build` reuses dist/; `--report <file>` records the rows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type BenchRow, report } from '../lib/report';
import {
  buildUnlessNoBuild,
  createDatabase,
  newSecrets,
  POSTGRES_NOT_RUN,
  REPO_ROOT,
  type RunningApp,
  rssMb,
  startApp,
  startHelloWorld,
} from '../lib/server';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  as: 'customer' | 'admin';
  body?: unknown;
}

const ROUTES: Route[] = [
  { name: 'GET /api/me/dashboard', method: 'GET', path: '/api/me/dashboard', as: 'customer' },
  { name: 'GET /api/me/panels', method: 'GET', path: '/api/me/panels', as: 'customer' },
  { name: 'GET /api/admin/panels?page=1', method: 'GET', path: '/api/admin/panels?page=1', as: 'admin' },
  {
    name: 'POST /api/checkout',
    method: 'POST',
    path: '/api/checkout',
    as: 'customer',
    body: { planId: 'basic', additionalPanels: 0 },
  },
];

type Database = 'PostgreSQL' | 'PGlite';

/** Minimum req/s and maximum p99 (ms) per route and database; absent = measured, not budgeted. */
const BUDGETS: Record<Database, Record<string, { rps: number; p99?: number; ratio?: number }>> = {
  PostgreSQL: {
    'GET /api/me/dashboard': { rps: 2000, p99: 50, ratio: 0.035 },
    'GET /api/me/panels': { rps: 2000, p99: 50, ratio: 0.035 },
    'GET /api/admin/panels?page=1': { rps: 1500 },
    'POST /api/checkout': { rps: 300 },
  },
  PGlite: { 'GET /api/me/dashboard': { rps: 800 } },
};
const RSS_GROWTH_BUDGET = 0.2;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}, route?: Route): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: route?.method ?? 'GET',
    headers,
    ...(route?.body ? { body: JSON.stringify(route.body) } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function benchDatabase(
  database: Database,
  helloRps: number,
  databaseUrl?: string,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'panelhub-bench-api-'));
  const secrets = newSecrets();
  const settings = { dataDir, secrets, ...(databaseUrl ? { databaseUrl } : {}) };
  let app: RunningApp | undefined;
  try {
    // The first start creates the database and seeds it; the load runs on a second start, as
    // production starts, so the idle figure holds no seeding garbage.
    await (await startApp(REPO_ROOT, { ...settings, seed: true })).stop();
    app = await startApp(REPO_ROOT, { ...settings, seed: false });
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(app.pid);

    const cookies = {
      customer: await signIn(app.url, 'customer@panelhub.example'),
      admin: await signIn(app.url, 'admin@panelhub.example'),
    };
    for (const route of ROUTES) {
      const result = await load(
        `${app.url}${route.path}`,
        {
          cookie: cookies[route.as],
          origin: app.url,
          ...(route.body ? { 'content-type': 'application/json' } : {}),
        },
        route,
      );
      const budget = BUDGETS[database][route.name];
      const ratio = result.rps / helloRps;
      const failures = result.non2xx + result.errors;
      const ok =
        failures === 0 &&
        (!budget ||
          (result.rps >= budget.rps &&
            (budget.p99 === undefined || result.p99 <= budget.p99) &&
            (budget.ratio === undefined || ratio >= budget.ratio)));
      rows.push({
        what: `${database}: ${route.name}`,
        value: `${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}, ${(ratio * 100).toFixed(1)}% of hello-world`,
        budget: budget
          ? `>= ${budget.rps} req/s${budget.p99 !== undefined ? `, p99 <= ${budget.p99} ms` : ''}${budget.ratio !== undefined ? `, >= ${(budget.ratio * 100).toFixed(1)}% of hello-world` : ''}, no error`
          : 'no error',
        ok,
      });
    }

    // V8 hands memory back once the process has been idle a while (its memory reducer runs
    // after tens of seconds): a leak is memory that stays, so wait up to a minute for it.
    const limit = idle * (1 + RSS_GROWTH_BUDGET);
    const settledFrom = performance.now();
    let after = rssMb(app.pid);
    while (after > limit && performance.now() - settledFrom < 60_000) {
      await new Promise((r) => setTimeout(r, 5000));
      after = rssMb(app.pid);
    }
    rows.push({
      what: `${database}: RSS after the load`,
      value: `${after} MB after ${Math.round((performance.now() - settledFrom) / 1000)} s idle (idle before: ${idle} MB)`,
      budget: `<= ${Math.round(limit)} MB within 60 s`,
      ok: after <= limit,
    });
  } finally {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

buildUnlessNoBuild(REPO_ROOT);

const hello = await startHelloWorld(REPO_ROOT);
const helloLoad = await load(hello.url);
await hello.stop();
const rows: BenchRow[] = [
  {
    what: 'Fastify hello-world (same machine, same run)',
    value: `${helloLoad.rps} req/s, p50 ${helloLoad.p50} ms, p99 ${helloLoad.p99} ms`,
    budget: '-',
    ok: true,
  },
];

const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl) {
  const database = await createDatabase(adminUrl);
  try {
    rows.push(...(await benchDatabase('PostgreSQL', helloLoad.rps, database.url)));
  } finally {
    await database.drop();
  }
} else {
  rows.push(POSTGRES_NOT_RUN);
}
rows.push(...(await benchDatabase('PGlite', helloLoad.rps)));

process.exit(report('api', rows) === 0 ? 0 : 1);
