import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createSweepStatus } from '../jobs/sweep-status';
import { bearerChecker } from './bearer-token';
import { sampleOf } from './scrape-text';
import { type StoreFigures, sharedPerScrape } from './store-figures';
import { registerStoreGauges } from './store-gauges';
import { registerSweepGauges, sweepLabel } from './sweep-gauges';

const quiet = { warn: () => {} };

describe('the metrics bearer token', () => {
  const authorized = bearerChecker('a-token-long-enough-for-metrics');

  it('takes the token as a bearer, the scheme in any case', () => {
    expect(authorized('Bearer a-token-long-enough-for-metrics')).toBe(true);
    expect(authorized('bearer a-token-long-enough-for-metrics')).toBe(true);
  });

  it('refuses no header, another scheme, a prefix, a longer token and a wrong one', () => {
    for (const header of [
      undefined,
      '',
      'Basic a-token-long-enough-for-metrics',
      'a-token-long-enough-for-metrics',
      'Bearer a-token-long-enough',
      'Bearer a-token-long-enough-for-metrics-and-more',
      'Bearer a-token-long-enough-for-metrics extra',
      'Bearer A-TOKEN-LONG-ENOUGH-FOR-METRICS',
    ]) {
      expect(authorized(header), String(header)).toBe(false);
    }
  });
});

describe('series read from the database at scrape time', () => {
  const figures: StoreFigures = {
    outbox: [{ kind: 'email', pending: 3, oldestAgeSeconds: 42 }],
    panelsInStock: 7,
    ordersWaitingForStock: 2,
    panelsShort: 1,
  };

  it('reads the database once per scrape, whatever the number of series', async () => {
    const registry = new Registry();
    let reads = 0;
    registerStoreGauges(
      registry,
      async () => {
        reads++;
        return figures;
      },
      quiet,
    );
    const text = await registry.metrics();
    expect(reads).toBe(1);
    expect(sampleOf(text, 'panelhub_outbox_pending', { kind: 'email' })).toBe(3);
    expect(sampleOf(text, 'panelhub_outbox_oldest_age_seconds', { kind: 'email' })).toBe(42);
    expect(sampleOf(text, 'panelhub_panels_in_stock')).toBe(7);
    expect(sampleOf(text, 'panelhub_orders_waiting_for_stock')).toBe(2);
    await registry.metrics();
    expect(reads).toBe(2);
  });

  it('leaves the figures out of a scrape whose read failed, counts it, and still answers', async () => {
    const registry = new Registry();
    let fail = false;
    let warnings = 0;
    registerStoreGauges(
      registry,
      async () => {
        if (fail) throw new Error('canceling statement due to statement timeout');
        return figures;
      },
      {
        warn: () => {
          warnings++;
        },
      },
    );
    expect(sampleOf(await registry.metrics(), 'panelhub_panels_in_stock')).toBe(7);
    fail = true;
    const text = await registry.metrics();
    expect(sampleOf(text, 'panelhub_panels_in_stock')).toBeUndefined();
    expect(sampleOf(text, 'panelhub_outbox_pending', { kind: 'email' })).toBeUndefined();
    expect(sampleOf(text, 'panelhub_metrics_read_failures_total')).toBe(1);
    expect(warnings).toBe(1);
  });

  it('shares a read in flight and reads afresh once it is done', async () => {
    let n = 0;
    const read = sharedPerScrape(async () => ++n);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    expect(await read()).toBe(2);
  });
});

describe('sweep series', () => {
  it('labels each sweep by its short name', () => {
    expect(sweepLabel('pending order sweep')).toBe('pending_order');
    expect(sweepLabel('outbox sweep')).toBe('outbox');
    expect(sweepLabel('deleted accounts sweep')).toBe('deleted_accounts');
  });

  it('shows the last success, the last duration and the failures of each sweep', async () => {
    const registry = new Registry();
    const status = createSweepStatus();
    registerSweepGauges(registry, status.list);
    const startedAt = new Date('2026-03-01T12:00:00Z');
    status.roundEnded({ sweep: 'outbox sweep', startedAt, durationMs: 250, ok: true });
    status.roundEnded({ sweep: 'alert sweep', startedAt, durationMs: 1500, ok: false });
    const text = await registry.metrics();
    const outbox = { sweep: 'outbox' };
    expect(sampleOf(text, 'panelhub_sweep_last_success_timestamp_seconds', outbox)).toBe(
      startedAt.getTime() / 1000 + 0.25,
    );
    expect(sampleOf(text, 'panelhub_sweep_last_duration_seconds', outbox)).toBe(0.25);
    expect(sampleOf(text, 'panelhub_sweep_failures_total', outbox)).toBe(0);
    // Never succeeded: no success time to show, only its failure.
    const alert = { sweep: 'alert' };
    expect(sampleOf(text, 'panelhub_sweep_last_success_timestamp_seconds', alert)).toBeUndefined();
    expect(sampleOf(text, 'panelhub_sweep_failures_total', alert)).toBe(1);
    status.roundEnded({ sweep: 'alert sweep', startedAt, durationMs: 10, ok: false });
    expect(sampleOf(await registry.metrics(), 'panelhub_sweep_failures_total', alert)).toBe(2);
  });
});
