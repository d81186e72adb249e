import { describe, expect, it } from 'vitest';
import {
  inventoryBadge,
  ORDER_STATUSES,
  orderBadge,
  PANEL_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  panelBadge,
  panelViewStatus,
  pastPanelBadge,
  paymentBadge,
} from './status';

/** What `show` gives for every value, keyed by the value: one table to hold against the documented one. */
const each = <V extends string, R>(values: readonly V[], show: (value: V) => R) =>
  Object.fromEntries(values.map((value) => [value, show(value)]));

describe('order statuses', () => {
  it('follow the D5 lifecycle', () => {
    expect(ORDER_STATUSES).toEqual(['pending_payment', 'paid', 'completed', 'canceled', 'refunded']);
  });

  it('map to the documented badges', () => {
    expect(each(ORDER_STATUSES, orderBadge)).toEqual({
      completed: { label: 'completed', tone: 'green' },
      paid: { label: 'processing', tone: 'blue' },
      pending_payment: { label: 'pending', tone: 'yellow' },
      canceled: { label: 'canceled', tone: 'red' },
      refunded: { label: 'refunded', tone: 'red' },
    });
  });
});

describe('panel statuses', () => {
  it('list the inventory states', () => {
    expect(PANEL_STATUSES).toEqual(['available', 'sold', 'expired', 'retired']);
  });

  it('show only sold as active', () => {
    expect(each(PANEL_STATUSES, panelViewStatus)).toEqual({
      sold: 'active',
      available: 'processing',
      expired: 'processing',
      retired: 'processing',
    });
  });

  it('have badges', () => {
    expect(panelBadge('active')).toEqual({ label: 'Active', tone: 'green' });
    expect(panelBadge('processing').tone).toBe('blue');
    expect(inventoryBadge('sold').tone).toBe('green');
    expect(inventoryBadge('retired').tone).toBe('red');
  });
});

describe('payments', () => {
  it('list statuses and methods', () => {
    expect(PAYMENT_STATUSES).toEqual(['completed', 'pending', 'failed', 'refunded']);
    expect(PAYMENT_METHODS).toEqual(['card', 'crypto', 'bank_transfer', 'sandbox']);
  });

  it('badge failed and refunded charges honestly', () => {
    expect(each(PAYMENT_STATUSES, paymentBadge)).toEqual({
      completed: { label: 'Paid', tone: 'green' },
      pending: { label: 'processing', tone: 'blue' },
      failed: { label: 'failed', tone: 'red' },
      refunded: { label: 'refunded', tone: 'red' },
    });
  });
});

describe('past panel statuses', () => {
  it("name why a panel is no longer the customer's, in red", () => {
    expect(pastPanelBadge('expired')).toEqual({ label: 'Expired', tone: 'red' });
    expect(pastPanelBadge('refunded')).toEqual({ label: 'Refunded', tone: 'red' });
  });
});
