import { Counter, Gauge, type Registry } from 'prom-client';
import type { SweepState } from '../jobs/sweep-status';

/** 'pending order sweep' becomes 'pending_order': the label a query or an alert names. */
export function sweepLabel(name: string): string {
  return name
    .replace(/ sweep$/, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
}

/**
 * Each sweep's rounds in this process, read from the sweep status at scrape time. A sweep that
 * never succeeded has no last-success series; its failures say why.
 */
export function registerSweepGauges(registry: Registry, sweeps: () => SweepState[]): void {
  const lastSuccess: Gauge<'sweep'> = new Gauge({
    name: 'panelhub_sweep_last_success_timestamp_seconds',
    help: 'When each sweep last finished a round without error (Unix time).',
    labelNames: ['sweep'],
    registers: [registry],
    collect: () => {
      lastSuccess.reset();
      for (const state of sweeps()) {
        if (state.lastSuccessAt) {
          lastSuccess.set({ sweep: sweepLabel(state.sweep) }, state.lastSuccessAt.getTime() / 1000);
        }
      }
    },
  });
  const lastDuration: Gauge<'sweep'> = new Gauge({
    name: 'panelhub_sweep_last_duration_seconds',
    help: "How long each sweep's last round took, whether it succeeded or not.",
    labelNames: ['sweep'],
    registers: [registry],
    collect: () => {
      lastDuration.reset();
      for (const state of sweeps()) {
        lastDuration.set({ sweep: sweepLabel(state.sweep) }, state.lastDurationMs / 1000);
      }
    },
  });
  // The sweep status keeps the count; the counter shows it as it is at the scrape.
  const failures: Counter<'sweep'> = new Counter({
    name: 'panelhub_sweep_failures_total',
    help: 'Rounds of each sweep that ended in an error since this process started.',
    labelNames: ['sweep'],
    registers: [registry],
    collect: () => {
      failures.reset();
      for (const state of sweeps()) failures.inc({ sweep: sweepLabel(state.sweep) }, state.failures);
    },
  });
}
