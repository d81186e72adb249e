/**
 * One way for every bench to state its figures: printed as `ok`/`MISS` lines, and, when
 * `npm run bench` passes `--report <file>`, appended to that file as JSON lines so the runner can
 * print one table for all benches.
 */
import { appendFileSync } from 'node:fs';

export interface BenchRow {
  /** What was measured, e.g. "PostgreSQL GET /api/me/dashboard". */
  what: string;
  /** The figure as printed, with its unit. */
  value: string;
  /** The budget as printed; '-' when the figure is information only. */
  budget: string;
  ok: boolean;
}

export interface ReportedRow extends BenchRow {
  bench: string;
}

function reportFile(argv: readonly string[]): string | undefined {
  const at = argv.indexOf('--report');
  return at >= 0 ? argv[at + 1] : undefined;
}

/** Prints the rows and records them for the runner; returns how many missed their budget. */
export function report(bench: string, rows: readonly BenchRow[], argv = process.argv): number {
  const width = Math.max(...rows.map((row) => row.what.length), 10);
  console.log('');
  for (const row of rows) {
    console.log(
      `${row.ok ? 'ok  ' : 'MISS'}  ${row.what.padEnd(width)}  ${row.value}   (budget ${row.budget})`,
    );
  }
  const file = reportFile(argv);
  if (file) {
    for (const row of rows)
      appendFileSync(file, `${JSON.stringify({ bench, ...row } satisfies ReportedRow)}\n`);
  }
  const misses = rows.filter((row) => !row.ok).length;
  console.log(misses === 0 ? '\nEvery budget met.' : `\n${misses} over budget.`);
  return misses;
}
