import { describe, expect, it } from 'vitest';
import { filledOrdersText, panelCount } from './filled-orders';

describe('filledOrdersText', () => {
  it('says nothing when no order was waiting', () => {
    expect(filledOrdersText([])).toBeUndefined();
  });

  it('names completed orders and partly filled ones, oldest first as given', () => {
    expect(
      filledOrdersText([
        { orderId: 12, assignedNow: 5, completed: true },
        { orderId: 15, assignedNow: 1, completed: false },
      ]),
    ).toBe('Order #12 completed; order #15 received 1 panel.');
    expect(filledOrdersText([{ orderId: 3, assignedNow: 4, completed: false }])).toBe(
      'Order #3 received 4 panels.',
    );
  });
});

describe('panelCount', () => {
  it('counts panels in words', () => {
    expect(panelCount(1)).toBe('1 panel');
    expect(panelCount(1200)).toBe('1,200 panels');
  });
});
