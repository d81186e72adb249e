/**
 * Page-speed bench (D13). Builds the app, starts the production server on a free port with
 * a temporary DATA_DIR, runs Lighthouse 12 (mobile preset, Debian Chromium) on /, /pricing and
 * /help, and prints each score and figure against its budget, plus the gzip size of the
 * JavaScript that / loads. Exits 1 when a budget is missed. `--no-build` reuses dist/.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { failingAudits, type LighthouseReport, runLighthouse } from './lighthouse';
import { startProductionServer } from './server';

const root = new URL('../..', import.meta.url).pathname;
const PAGES = ['/', '/pricing', '/help'];

const BUDGET = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
  cls: 0.02,
  /** KiB (1024 bytes), as Lighthouse and browsers count them. */
  jsGzipKiB: 120,
} as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Row {
  label: string;
  value: string;
  budget: string;
  ok: boolean;
  why?: string[];
}

function score(report: LighthouseReport, category: string): number {
  return Math.round((report.categories[category]?.score ?? 0) * 100);
}

/** Gzip (level 9) of each same-origin script Lighthouse saw the page load, read from the served files. */
async function scriptGzipBytes(
  report: LighthouseReport,
  origin: string,
  webRoot: string,
): Promise<{ files: string[]; bytes: number }> {
  const items = report.audits['network-requests']?.details?.items ?? [];
  const files = [
    ...new Set(
      items
        .filter((item) => item.resourceType === 'Script' && item.url?.startsWith(origin))
        .map((item) => new URL(item.url ?? '').pathname),
    ),
  ];
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(join(webRoot, file)), { level: 9 }).length;
  return { files, bytes };
}

function print(rows: Row[]): void {
  const width = Math.max(...rows.map((r) => r.label.length));
  for (const row of rows) {
    console.log(
      `${row.ok ? 'ok  ' : 'OVER'}  ${row.label.padEnd(width)}  ${row.value.padStart(9)}   budget ${row.budget}`,
    );
    for (const why of row.why ?? []) console.log(`        - ${why}`);
  }
}

async function main(): Promise<number> {
  if (!process.argv.includes('--no-build')) {
    console.log('Building...');
    const build = spawnSync('npm', ['run', 'build', '--', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) return build.status ?? 1;
  }
  const resultsDir = join(root, 'bench/results');
  await mkdir(resultsDir, { recursive: true });

  const server = await startProductionServer(root);
  const rows: Row[] = [];
  try {
    for (const page of PAGES) {
      const name = page === '/' ? 'home' : page.slice(1);
      console.log(`Lighthouse ${server.url}${page} ...`);
      const report = await runLighthouse(
        root,
        `${server.url}${page}`,
        join(resultsDir, `lighthouse-${name}.json`),
      );
      for (const category of CATEGORIES) {
        const value = score(report, category);
        const budget = BUDGET[category];
        const ok = category === 'accessibility' ? value === budget : value >= budget;
        rows.push({
          label: `${page} ${category}`,
          value: String(value),
          budget: category === 'accessibility' ? `= ${budget}` : `>= ${budget}`,
          ok,
          ...(ok ? {} : { why: failingAudits(report, category) }),
        });
      }
      const cls = report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
      rows.push({
        label: `${page} CLS`,
        value: cls.toFixed(3),
        budget: `<= ${BUDGET.cls}`,
        ok: cls <= BUDGET.cls,
      });
      for (const metric of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']) {
        const audit = report.audits[metric];
        console.log(`      ${page} ${audit?.title ?? metric}: ${audit?.displayValue ?? 'n/a'}`);
      }
      if (page === '/') {
        const { files, bytes } = await scriptGzipBytes(report, server.url, server.webRoot);
        const kib = bytes / 1024;
        rows.push({
          label: '/ JavaScript (gzip)',
          value: `${kib.toFixed(1)} KiB`,
          budget: `<= ${BUDGET.jsGzipKiB} KiB (${files.length} files)`,
          ok: kib <= BUDGET.jsGzipKiB,
        });
      }
    }
  } finally {
    await server.stop();
  }

  console.log('');
  print(rows);
  const over = rows.filter((r) => !r.ok).length;
  console.log(`\n${rows.length - over} passed, ${over} failed`);
  return over === 0 ? 0 : 1;
}

process.exit(await main());
