import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStock } from '../testing/inventory';
import { insertCustomer, insertOrder } from '../testing/orders';
import { createTestApp, type TestApp } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { deliveryRecord } from './record';
import { STATUS_MAX_AGE_MS } from './routes';

const database = TEST_DATABASE_NAME;
const NOW = new Date('2026-11-20T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let t: TestApp;
let clock = NOW;
let customerId: string;

/** A paid order: paid `ago` before NOW, delivered `minutes` after payment (null: still waiting). */
async function paidOrder(ago: number, minutes: number | null, status?: 'completed' | 'paid' | 'refunded') {
  const paidAt = new Date(NOW.getTime() - ago);
  await insertOrder(t.database.db, {
    userId: customerId,
    status: status ?? (minutes === null ? 'paid' : 'completed'),
    paidAt,
    completedAt: minutes === null ? null : new Date(paidAt.getTime() + minutes * MIN),
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => clock });
  customerId = (await insertCustomer(t.database.db)).id;
});
afterAll(async () => {
  await t?.close();
});

describe(`the delivery record (${database})`, () => {
  it('has no figures before any order, and says so with nulls rather than zeros', async () => {
    expect(await deliveryRecord(t.database.db, NOW)).toEqual({
      days: 30,
      medianMinutes: null,
      p95Minutes: null,
      withinPromiseShare: null,
      promiseHours: 6,
    });
  });

  it('gives the median and 95th percentile of delivered orders and the share within 6 hours', async () => {
    // Twenty delivered orders over the month: 10, 20, ..., 200 minutes after payment.
    for (let i = 1; i <= 20; i++) await paidOrder(i * DAY, i * 10);
    // One delivered late (7 hours), one refunded after delivery in 30 minutes: both count.
    await paidOrder(2 * DAY, 7 * 60);
    await paidOrder(3 * DAY, 30, 'refunded');
    // Still waiting 8 hours after payment: late now, counted against the share, not in the times.
    await paidOrder(8 * HOUR, null);
    // Still waiting 2 hours after payment: inside the promise, not counted yet.
    await paidOrder(2 * HOUR, null);
    // Older than 30 days, however slow: outside the window.
    await paidOrder(31 * DAY, 20 * 60);

    const record = await deliveryRecord(t.database.db, NOW);
    // Delivered minutes: 10..200 step 10, 420 and 30 → 22 values. Sorted, the middle two are
    // 100 and 110 (30 sits among them twice: 10, 20, 30, 30, 40, ...): median 105.
    expect(record.medianMinutes).toBe(105);
    // 95th percentile, interpolated at rank 0.95 * 21 = 19.95: between the 20th value (190)
    // and the 21st (200), 199.5, shown as whole minutes. The 7-hour order is the 22nd.
    expect(record.p95Minutes).toBe(200);
    // Within 6 hours: the 20 early ones and the refunded one; late: the 7-hour one and the waiting one.
    expect(record.withinPromiseShare).toBeCloseTo(21 / 23, 10);
  });

  it('is served to anyone at /api/status with the stock situation, and kept for a minute', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const body = first.json();
    expect(body.record.medianMinutes).toBe(105);
    // Two orders wait and there is no stock at all.
    // The promised figures only: no count of orders, which would publish the daily sales.
    expect(Object.keys(body).sort()).toEqual(['computedAt', 'record', 'stockCoversWaiting']);
    expect(Object.keys(body.record).sort()).toEqual([
      'days',
      'medianMinutes',
      'p95Minutes',
      'promiseHours',
      'withinPromiseShare',
    ]);
    expect(body).toMatchObject({ stockCoversWaiting: false, computedAt: NOW.toISOString() });
    expect(JSON.stringify(body)).not.toContain(customerId);

    await addStock(t.database.db, 2);
    expect((await t.app.inject({ method: 'GET', url: '/api/status' })).json().stockCoversWaiting).toBe(false);
    clock = new Date(NOW.getTime() + STATUS_MAX_AGE_MS);
    const later = (await t.app.inject({ method: 'GET', url: '/api/status' })).json();
    expect(later).toMatchObject({
      stockCoversWaiting: true,
      computedAt: clock.toISOString(),
    });
  });
});
