import { describe, expect, it } from 'vitest';
import {
  inventoryBadge,
  isOrderStatus,
  isPanelStatus,
  ORDER_STATUSES,
  orderBadge,
  PANEL_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  panelBadge,
  panelViewStatus,
  pastPanelBadge,
  paymentBadge,
  paymentHistoryStatus,
} from './status';

describe('order statuses', () => {
  it('follow the D5 lifecycle', () => {
    expect(ORDER_STATUSES).toEqual(['pending_payment', 'paid', 'completed', 'canceled', 'refunded']);
  });

  it('map to the documented badges', () => {
    expect(orderBadge('completed')).toEqual({ label: 'completed', tone: 'green' });
    expect(orderBadge('paid')).toEqual({ label: 'processing', tone: 'blue' });
    expect(orderBadge('pending_payment')).toEqual({ label: 'pending', tone: 'yellow' });
    expect(orderBadge('canceled')).toEqual({ label: 'canceled', tone: 'red' });
    expect(orderBadge('refunded')).toEqual({ label: 'refunded', tone: 'red' });
  });

  it('are recognised', () => {
    expect(isOrderStatus('paid')).toBe(true);
    expect(isOrderStatus('processing')).toBe(false);
    expect(isOrderStatus(null)).toBe(false);
  });
});

describe('panel statuses', () => {
  it('list the inventory states', () => {
    expect(PANEL_STATUSES).toEqual(['available', 'sold', 'expired', 'retired']);
  });

  it('show only sold as active', () => {
    expect(panelViewStatus('sold')).toBe('active');
    expect(panelViewStatus('available')).toBe('processing');
    expect(panelViewStatus('expired')).toBe('processing');
    expect(panelViewStatus('retired')).toBe('processing');
  });

  it('have badges', () => {
    expect(panelBadge('active')).toEqual({ label: 'Active', tone: 'green' });
    expect(panelBadge('processing').tone).toBe('blue');
    expect(inventoryBadge('sold').tone).toBe('green');
    expect(inventoryBadge('retired').tone).toBe('red');
    expect(isPanelStatus('sold')).toBe(true);
    expect(isPanelStatus('active')).toBe(false);
  });
});

describe('payments', () => {
  it('list statuses and methods', () => {
    expect(PAYMENT_STATUSES).toEqual(['completed', 'pending', 'failed', 'refunded']);
    expect(PAYMENT_METHODS).toEqual(['card', 'crypto', 'bank_transfer', 'sandbox']);
  });

  it("show 'Paid' for completed and 'processing' otherwise", () => {
    expect(paymentHistoryStatus('completed')).toBe('Paid');
    expect(paymentHistoryStatus('pending')).toBe('processing');
    expect(paymentHistoryStatus('failed')).toBe('processing');
    expect(paymentHistoryStatus('refunded')).toBe('processing');
  });

  it('badge failed and refunded charges honestly', () => {
    expect(paymentBadge('completed')).toEqual({ label: 'Paid', tone: 'green' });
    expect(paymentBadge('pending')).toEqual({ label: 'processing', tone: 'blue' });
    expect(paymentBadge('failed')).toEqual({ label: 'failed', tone: 'red' });
    expect(paymentBadge('refunded')).toEqual({ label: 'refunded', tone: 'red' });
  });
});

describe('past panel statuses', () => {
  it("name why a panel is no longer the customer's, in red", () => {
    expect(pastPanelBadge('expired')).toEqual({ label: 'Expired', tone: 'red' });
    expect(pastPanelBadge('refunded')).toEqual({ label: 'Refunded', tone: 'red' });
  });
});
