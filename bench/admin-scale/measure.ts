import { percentile } from '../lib/percentile';

export interface Timing {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

/** Runs `work` `warmup` times unmeasured, then `runs` times one after another, in ms. */
export async function measure(
  name: string,
  runs: number,
  work: (i: number) => Promise<void>,
  warmup = 20,
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { name, runs, p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1)! };
}
