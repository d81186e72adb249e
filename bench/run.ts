/**
 * `npm run bench`: runs every bench in this folder (bench/<name>/run.ts), one after another,
 * and fails when any of them misses its budget.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const only = process.argv.slice(2);
const benches = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, 'run.ts')))
  .map((entry) => entry.name)
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();

const failed: string[] = [];
for (const name of benches) {
  console.log(`\n=== bench/${name} ===`);
  const result = spawnSync('npx', ['tsx', join(here, name, 'run.ts')], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
console.log(`\n${benches.length - failed.length} passed, ${failed.length} failed`);
if (failed.length > 0) {
  console.log(`Over budget or failed: ${failed.join(', ')}`);
  process.exit(1);
}
