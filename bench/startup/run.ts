/**
 * bench/startup: how fast the compiled production server is ready on a database that already
 * exists (a restart, a deploy), and how much memory it holds idle. On PGlite in a temporary
 * data folder and, with BENCH_DATABASE_URL set (a PostgreSQL role that may create databases), on
 * a throw-away PostgreSQL database: a first start migrates and seeds, then START_RUNS starts are
 * timed from process start to the first ready answer, each followed by two idle seconds and a
 * reading of the resident memory; the medians are the figures. Exits 1 on a miss. `--no-build`
 * reuses dist/; `--report <file>` records the rows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchRow, report } from '../lib/report';
import {
  buildUnlessNoBuild,
  createDatabase,
  newSecrets,
  POSTGRES_NOT_RUN,
  REPO_ROOT,
  rssMb,
  startApp,
} from '../lib/server';

// One start is at the mercy of whatever else the machine does that second; the median of a few
// is not.
const START_RUNS = 3;
const IDLE_MS = 2000;

type Database = 'PostgreSQL' | 'PGlite';
const READY_BUDGET_MS: Record<Database, number> = { PostgreSQL: 2000, PGlite: 3000 };
const IDLE_RSS_BUDGET_MB: Partial<Record<Database, number>> = { PostgreSQL: 150 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

async function benchDatabase(database: Database, databaseUrl?: string): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'panelhub-bench-startup-'));
  const settings = { dataDir, secrets: newSecrets(), ...(databaseUrl ? { databaseUrl } : {}) };
  const ready: number[] = [];
  const idle: number[] = [];
  try {
    await (await startApp(REPO_ROOT, { ...settings, seed: true })).stop();
    for (let run = 0; run < START_RUNS; run++) {
      const app = await startApp(REPO_ROOT, { ...settings, seed: false });
      try {
        ready.push(app.readyMs);
        await new Promise((r) => setTimeout(r, IDLE_MS));
        idle.push(rssMb(app.pid));
      } finally {
        await app.stop();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const readyMs = median(ready);
  const idleMb = median(idle);
  const idleBudget = IDLE_RSS_BUDGET_MB[database];
  const existing = database === 'PGlite' ? 'an existing data folder' : 'an existing database';
  return [
    {
      what: `${database}: ready on ${existing}`,
      value: `${readyMs} ms (median of ${START_RUNS}: ${ready.join(', ')})`,
      budget: `<= ${READY_BUDGET_MS[database]} ms`,
      ok: readyMs <= READY_BUDGET_MS[database],
    },
    {
      what: `${database}: idle RSS`,
      value: `${idleMb} MB (median of ${START_RUNS}: ${idle.join(', ')})`,
      budget: idleBudget ? `<= ${idleBudget} MB` : '-',
      ok: idleBudget === undefined || idleMb <= idleBudget,
    },
  ];
}

buildUnlessNoBuild(REPO_ROOT);

const rows: BenchRow[] = [];
const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl) {
  const database = await createDatabase(adminUrl);
  try {
    rows.push(...(await benchDatabase('PostgreSQL', database.url)));
  } finally {
    await database.drop();
  }
} else {
  rows.push(POSTGRES_NOT_RUN);
}
rows.push(...(await benchDatabase('PGlite')));
process.exit(report('startup', rows) === 0 ? 0 : 1);
