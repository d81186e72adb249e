/**
 * What the benches that run the server's services in their own process (not the compiled
 * server) share: the databases to run on, the app's config for them, and how their figures read.
 */
import { cpus, loadavg } from 'node:os';
import { type Config, loadConfig } from '../../src/server/config';
import type { BenchRow } from './report';

/** The databases BENCH_TARGETS names (`postgres`, `pglite`), both when it is unset. */
export function benchTargets(env: Record<string, string | undefined> = process.env): string[] {
  return (env.BENCH_TARGETS ?? 'postgres,pglite').split(',').map((t) => t.trim());
}

/** The app's config with no data directory, demo data or logs: only the work measured runs. */
export function inProcessConfig(): Config {
  return loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    DEMO_MODE: 'false',
  });
}

/** A number as the benches print it, with thousands separators: 20,000. */
export const count = (n: number) => n.toLocaleString('en-US');

/** Runs one step of filling a database and prints how long it took. */
export async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Other work on the machine shows up in every time: a row that says how busy it was. */
export function loadAverageRow(): BenchRow {
  const [one, five] = loadavg();
  return {
    what: 'machine load average (1 min, 5 min)',
    value: `${one?.toFixed(1)}, ${five?.toFixed(1)} on ${cpus().length} cores`,
    budget: '-',
    ok: true,
  };
}
