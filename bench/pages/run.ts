/**
 * Page-speed bench (D13). Builds the app, starts the compiled production server on a free port
 * with a temporary DATA_DIR, runs Lighthouse 12 (mobile preset, Debian Chromium) on /, /pricing
 * and /help, and prints each score and figure against its budget, plus the gzip size of the
 * JavaScript each page loads. Exits 1 when a budget is missed. `--no-build` reuses dist/;
 * `--report <file>` records the rows.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BenchRow, report } from '../lib/report';
import { buildUnlessNoBuild, REPO_ROOT } from '../lib/server';
import { failingAudits, type LighthouseReport, runLighthouse } from './lighthouse';
import { startProductionServer } from './server';

const PAGES = ['/', '/pricing', '/help'];

/** Every category at 100; the paint and the blocking time as Lighthouse's mobile run measures them. */
const BUDGET = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  cls: 0.02,
  lcpMs: 1500,
  tbtMs: 50,
} as const;

/** The JavaScript each page loads, gzip, in KiB (1024 bytes) as Lighthouse and browsers count them. */
const JS_GZIP_KIB: Record<string, number> = { '/': 80, '/pricing': 90, '/help': 90 };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Row extends BenchRow {
  /** The audits that cost the points, when the budget is missed. */
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

async function main(): Promise<number> {
  buildUnlessNoBuild(REPO_ROOT);
  const resultsDir = join(REPO_ROOT, 'bench/results');
  await mkdir(resultsDir, { recursive: true });

  const server = await startProductionServer(REPO_ROOT);
  const rows: Row[] = [];
  try {
    for (const page of PAGES) {
      const name = page === '/' ? 'home' : page.slice(1);
      console.log(`Lighthouse ${server.url}${page} ...`);
      const lighthouse = await runLighthouse(
        REPO_ROOT,
        `${server.url}${page}`,
        join(resultsDir, `lighthouse-${name}.json`),
      );
      for (const category of CATEGORIES) {
        const value = score(lighthouse, category);
        const budget = BUDGET[category];
        const ok = value >= budget;
        rows.push({
          what: `${page} ${category}`,
          value: String(value),
          budget: `= ${budget}`,
          ok,
          ...(ok ? {} : { why: failingAudits(lighthouse, category) }),
        });
      }
      for (const [label, audit, max, show] of [
        ['CLS', 'cumulative-layout-shift', BUDGET.cls, (v: number) => v.toFixed(3)],
        ['LCP', 'largest-contentful-paint', BUDGET.lcpMs, (v: number) => `${Math.round(v)} ms`],
        ['TBT', 'total-blocking-time', BUDGET.tbtMs, (v: number) => `${Math.round(v)} ms`],
      ] as const) {
        const value = lighthouse.audits[audit]?.numericValue ?? Number.NaN;
        rows.push({
          what: `${page} ${label}`,
          value: show(value),
          budget: `<= ${show(max)}`,
          ok: value <= max,
        });
      }
      const fcp = lighthouse.audits['first-contentful-paint'];
      console.log(`      ${page} ${fcp?.title ?? 'first-contentful-paint'}: ${fcp?.displayValue ?? 'n/a'}`);
      const { files, bytes } = await scriptGzipBytes(lighthouse, server.url, server.webRoot);
      const kib = bytes / 1024;
      const jsBudget = JS_GZIP_KIB[page] ?? Number.POSITIVE_INFINITY;
      rows.push({
        what: `${page} JavaScript (gzip)`,
        value: `${kib.toFixed(1)} KiB`,
        budget: `<= ${jsBudget} KiB (${files.length} files)`,
        ok: kib <= jsBudget,
      });
    }
  } finally {
    await server.stop();
  }

  for (const row of rows) {
    if (row.why?.length) console.log(`\n${row.what}: what costs the points\n  - ${row.why.join('\n  - ')}`);
  }
  return report(
    'pages',
    rows.map(({ why: _, ...row }) => row),
  ) === 0
    ? 0
    : 1;
}

process.exit(await main());
