import { describe, expect, it } from 'vitest';
import type { ProcessingOrder } from '../api/dashboard-api';
import { panelsOnTheirWay, processingGroups } from './processing-rows';

const order = (orderId: number, missing: number): ProcessingOrder => ({
  orderId,
  orderDate: '2026-03-03T10:00:00.000Z',
  missing,
  deadline: '2026-03-03T16:00:00.000Z',
  queuePlace: orderId,
});

describe('processingGroups', () => {
  it('lists one row per missing panel, grouped by order', () => {
    const groups = processingGroups([order(1, 2), order(2, 3)], new Set());
    expect(groups.map((g) => g.rowKeys)).toEqual([
      ['1-1', '1-2'],
      ['2-1', '2-2', '2-3'],
    ]);
    expect(groups.every((g) => g.hiddenRows === 0)).toBe(true);
    expect(groups[0]).toMatchObject({
      orderId: 1,
      missing: 2,
      deadline: '2026-03-03T16:00:00.000Z',
      queuePlace: 1,
    });
  });

  it('skips orders with nothing missing', () => {
    expect(processingGroups([order(1, 0), order(2, 1)], new Set()).map((g) => g.orderId)).toEqual([2]);
  });

  it('lists the first few of a large order until that order is expanded', () => {
    const [collapsed] = processingGroups([order(9, 55)], new Set(), 5);
    expect(collapsed?.rowKeys).toHaveLength(5);
    expect(collapsed?.hiddenRows).toBe(50);
    const [expanded] = processingGroups([order(9, 55)], new Set([9]), 5);
    expect(expanded?.rowKeys).toHaveLength(55);
    expect(expanded?.hiddenRows).toBe(0);
    expect(new Set(expanded?.rowKeys).size).toBe(55);
  });
});

describe('panelsOnTheirWay', () => {
  it('adds up the missing panels (none -> the dashboard stops refreshing)', () => {
    expect(panelsOnTheirWay([order(1, 2), order(2, 10)])).toBe(12);
    expect(panelsOnTheirWay([])).toBe(0);
    expect(panelsOnTheirWay([order(1, 0)])).toBe(0);
  });
});
