import { describe, expect, it } from 'vitest';
import { panelEndFixed, panelResumable } from './panel-billing';

const END = new Date('2026-04-01T12:00:00Z');
const canceled = {
  cancelAtPeriodEnd: true,
  endedAt: null,
  subscriptionStatus: 'active',
  currentPeriodEnd: END,
};

describe('whether a panel can be resumed', () => {
  it('is so for a canceled panel of a running subscription', () => {
    expect(panelResumable(canceled)).toBe(true);
  });

  it('is not once its end is fixed (a renewal was paid without it), nor for a renewing panel', () => {
    expect(panelEndFixed({ endedAt: END })).toBe(true);
    expect(panelResumable({ ...canceled, endedAt: END })).toBe(false);
    expect(panelResumable({ ...canceled, cancelAtPeriodEnd: false })).toBe(false);
  });

  it('is not once the subscription stopped running', () => {
    expect(panelResumable({ ...canceled, subscriptionStatus: 'expired' })).toBe(false);
    expect(panelResumable({ ...canceled, currentPeriodEnd: null })).toBe(false);
  });
});
