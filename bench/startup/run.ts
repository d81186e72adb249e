/**
 * bench/startup: how fast the compiled production server is ready on a database that already
 * exists (a restart, a deploy), and how much memory it holds idle. On PGlite in a temporary
 * data folder and, with BENCH_DATABASE_URL set (a PostgreSQL role that may create databases), on
 * a throw-away PostgreSQL database: a first start migrates and seeds, then START_RUNS starts are
 * timed from process start to the first ready answer, each followed by two idle seconds and a
 * reading of the resident memory; the medians are the figures. Right before each start a Fastify
 * hello-world is started the same way (bench/lib/hello-world.ts): the budget is the ready time as
 * a multiple of the hello-world's start to its first answer, so a slow or busy machine weighs on
 * both. Memory is held to megabytes: it does not change with the machine's speed. Exits 1 on a
 * miss. `--no-build` reuses dist/; `--report <file>` records the rows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHelloWorld } from '../lib/hello-world';
import { type BenchRow, report } from '../lib/report';
import { buildUnlessNoBuild, newSecrets, onEachDatabase, REPO_ROOT, rssMb, startApp } from '../lib/server';

// One start is at the mercy of whatever else the machine does that second; the median of a few
// is not.
const START_RUNS = 3;
const IDLE_MS = 2000;

type Database = 'PostgreSQL' | 'PGlite';
/**
 * Ready within this many hello-world starts: the earlier budgets, 2 s and 3 s, over this
 * machine's quiet hello-world start of about 400 ms (bench/startup/README.md).
 */
const READY_BUDGET_MULTIPLE: Record<Database, number> = { PostgreSQL: 5, PGlite: 7.5 };
const IDLE_RSS_BUDGET_MB: Record<Database, number> = { PostgreSQL: 150, PGlite: 350 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function benchDatabase(database: Database, databaseUrl?: string): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'panelhub-bench-startup-'));
  const settings = { dataDir, secrets: newSecrets(), ...(databaseUrl ? { databaseUrl } : {}) };
  const ready: number[] = [];
  const hello: number[] = [];
  const multiples: number[] = [];
  const idle: number[] = [];
  try {
    await (await startApp(REPO_ROOT, { ...settings, seed: true })).stop();
    for (let run = 0; run < START_RUNS; run++) {
      const yardstick = await startHelloWorld(REPO_ROOT);
      await yardstick.stop();
      const app = await startApp(REPO_ROOT, { ...settings, seed: false });
      try {
        ready.push(app.readyMs);
        hello.push(yardstick.startMs);
        multiples.push(app.readyMs / yardstick.startMs);
        await new Promise((r) => setTimeout(r, IDLE_MS));
        idle.push(rssMb(app.pid));
      } finally {
        await app.stop();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const multiple = median(multiples);
  const idleMb = Math.round(median(idle));
  const idleBudget = IDLE_RSS_BUDGET_MB[database];
  const existing = database === 'PGlite' ? 'an existing data folder' : 'an existing database';
  return [
    {
      what: `${database}: ready on ${existing}`,
      value: `${multiple.toFixed(1)} x hello-world's start (median of ${START_RUNS}: ${ready.map((ms, i) => `${ms} ms against ${hello[i]} ms`).join(', ')})`,
      budget: `<= ${READY_BUDGET_MULTIPLE[database]} x hello-world's start`,
      ok: multiple <= READY_BUDGET_MULTIPLE[database],
    },
    {
      what: `${database}: idle RSS`,
      value: `${idleMb} MB (median of ${START_RUNS}: ${idle.join(', ')})`,
      budget: `<= ${idleBudget} MB`,
      ok: idleMb <= idleBudget,
    },
  ];
}

buildUnlessNoBuild(REPO_ROOT);
const rows = await onEachDatabase(benchDatabase);
process.exit(report('startup', rows) === 0 ? 0 : 1);
