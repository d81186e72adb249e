import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The parts of a Lighthouse 12 JSON report this bench reads. */
export interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      displayValue?: string;
      details?: { items?: { url?: string; resourceType?: string; transferSize?: number }[] };
    }
  >;
}

export const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu';

/**
 * Runs the Lighthouse CLI (default config: the mobile preset with simulated throttling) on one
 * URL in a fresh Chromium, and returns its JSON report (also kept at outputPath).
 */
export async function runLighthouse(
  root: string,
  url: string,
  outputPath: string,
): Promise<LighthouseReport> {
  const bin = join(root, 'node_modules', '.bin', 'lighthouse');
  const args = [
    url,
    `--chrome-flags=${CHROME_FLAGS}`,
    '--output=json',
    `--output-path=${outputPath}`,
    '--quiet',
  ];
  const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' };
  await new Promise<void>((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}`)),
    );
  });
  return JSON.parse(await readFile(outputPath, 'utf8')) as LighthouseReport;
}

/** Audits that cost points in a category, worst first, so a failing budget says why. */
export function failingAudits(report: LighthouseReport, category: string): string[] {
  return (report.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => Boolean(audit))
    .filter(
      (audit) => audit.scoreDisplayMode !== 'notApplicable' && audit.score !== null && audit.score < 0.9,
    )
    .map(
      (audit) =>
        `${audit.id} (${audit.score?.toFixed(2)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`,
    );
}
