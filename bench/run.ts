/**
 * `npm run bench`: runs every bench in this folder (bench/<name>/run.ts), or the ones named
 * (`npm run bench -- startup api`), one after another, then prints one table of every figure
 * against its budget, with the machine it was measured on. Exits 1 when a figure misses its
 * budget or a bench fails.
 *
 * Builds the app once first (`--no-build` reuses dist/) and passes `--no-build` on, with
 * `--report <file>` for the rows and any other flag given here. `--markdown` also prints the
 * table as markdown, to paste into docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportedRow } from './lib/report';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const args = process.argv.slice(2);
const markdown = args.includes('--markdown');
const noBuild = args.includes('--no-build');
const passOn = args.filter((arg) => arg.startsWith('--') && !['--markdown', '--no-build'].includes(arg));
const named = args.filter((arg) => !arg.startsWith('--'));

const available = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, 'run.ts')))
  .map((entry) => entry.name)
  .sort();
const unknown = named.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`No bench named ${unknown.join(', ')}; there are: ${available.join(', ')}.`);
  process.exit(2);
}
const benches = named.length === 0 ? available : available.filter((name) => named.includes(name));

// A bench that honours --no-build builds dist/ itself when run alone: build once here for all
// of them instead. A bench that never reads it (admin-scale runs the sources) needs no build.
const needsBuild = benches.some((name) =>
  readFileSync(join(here, name, 'run.ts'), 'utf8').match(/--no-build|buildUnlessNoBuild/),
);
if (needsBuild && !noBuild) {
  console.log('=== npm run build ===');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed: no bench was run.');
    process.exit(1);
  }
}

const reportDir = mkdtempSync(join(tmpdir(), 'panelhub-bench-report-'));
const reportFile = join(reportDir, 'rows.jsonl');
writeFileSync(reportFile, '');

function readRows(): ReportedRow[] {
  return readFileSync(reportFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ReportedRow);
}

const rows: ReportedRow[] = [];
for (const name of benches) {
  console.log(`\n=== bench/${name} ===`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(here, name, 'run.ts'), '--report', reportFile, '--no-build', ...passOn],
    { cwd: root, stdio: 'inherit' },
  );
  const seconds = Math.round((performance.now() - started) / 1000);
  const own = readRows().slice(rows.length);
  rows.push(...own);
  const exit = result.status === null ? `was killed (${result.signal})` : `exited with code ${result.status}`;
  // A bench that fails without a missed figure to show for it crashed: that is a miss too, or
  // the table would pass what never finished.
  if (result.status !== 0 && own.every((row) => row.ok)) {
    rows.push({
      bench: name,
      what: 'run',
      value: `${exit} ${own.length === 0 ? 'before reporting a figure' : 'after its figures'}, ${seconds} s`,
      budget: 'exit 0',
      ok: false,
    });
  } else if (own.length === 0) {
    rows.push({ bench: name, what: 'run', value: 'reported no figure', budget: 'a figure', ok: false });
  }
}
rmSync(reportDir, { recursive: true, force: true });

const cpu = cpus();
const machine = [
  new Date()
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC'),
  `Node ${process.version}`,
  `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores`,
  `${(totalmem() / 2 ** 30).toFixed(1)} GiB memory`,
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min)`,
].join(', ');
const misses = rows.filter((row) => !row.ok).length;
const verdict = (row: ReportedRow) => (row.ok ? 'pass' : 'MISS');

const header = ['bench', 'figure', 'value', 'budget', 'result'];
const cells = rows.map((row) => [row.bench, row.what, row.value, row.budget, verdict(row)]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...cells.map((line) => line[column]!.length)),
);
const line = (values: string[]) =>
  values
    .map((value, column) => value.padEnd(widths[column]!))
    .join('  ')
    .trimEnd();
console.log(
  `\n=== ${benches.length} bench${benches.length === 1 ? '' : 'es'}: ${rows.length - misses} pass, ${misses} miss ===`,
);
console.log(machine);
console.log('');
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const values of cells) console.log(line(values));

if (markdown) {
  const cell = (value: string) => value.replaceAll('|', '\\|');
  console.log(`\nMeasured ${machine}.\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const values of cells) console.log(`| ${values.map(cell).join(' | ')} |`);
}
process.exit(misses === 0 ? 0 : 1);
