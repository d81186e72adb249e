import { describe, expect, it } from 'vitest';
import {
  addonLimit,
  addonLimitMessage,
  addonSelectOptions,
  checkoutRequestSchema,
  formatCents,
  monthlyTotalCents,
  panelsDelivered,
} from './pricing';

describe('add-on limits', () => {
  it('are 4, 20 and unlimited', () => {
    expect(addonLimit('basic')).toBe(4);
    expect(addonLimit('pro')).toBe(20);
    expect(addonLimit('enterprise')).toBeNull();
  });

  it('drive the select options (not the original 0-5 cap)', () => {
    expect(addonSelectOptions('basic')).toEqual([0, 1, 2, 3, 4]);
    expect(addonSelectOptions('pro')).toHaveLength(21);
    expect(addonSelectOptions('pro').at(-1)).toBe(20);
    expect(addonSelectOptions('enterprise')).toHaveLength(31);
    expect(addonSelectOptions('enterprise')[0]).toBe(0);
    expect(addonSelectOptions('enterprise').at(-1)).toBe(30);
  });

  it.each([
    ['basic', 0, null],
    ['basic', 4, null],
    ['basic', 5, 'The Basic plan allows at most 4 additional panels.'],
    ['pro', 20, null],
    ['pro', 21, 'The Pro plan allows at most 20 additional panels.'],
    ['enterprise', 1000, null],
    ['enterprise', 1001, 'At most 1,000 additional panels can be ordered.'],
    ['pro', -1, 'Additional panels cannot be negative.'],
    ['pro', 1.5, 'Additional panels must be a whole number.'],
    ['pro', Number.NaN, 'Additional panels must be a whole number.'],
  ])('checked at checkout: %s with %d more panels -> %s', (planId, additionalPanels, error) => {
    const checked = checkoutRequestSchema.safeParse({ planId, additionalPanels });
    expect(checked.error?.issues[0]?.message ?? null).toBe(error);
  });
});

describe('totals', () => {
  it('count delivered panels', () => {
    expect(panelsDelivered('basic', 0)).toBe(1);
    expect(panelsDelivered('pro', 3)).toBe(8);
    expect(panelsDelivered('enterprise', 30)).toBe(55);
  });

  it('price the month in cents', () => {
    expect(monthlyTotalCents('basic', 0)).toBe(50000);
    expect(monthlyTotalCents('basic', 4)).toBe(50000 + 4 * 45000);
    expect(monthlyTotalCents('pro', 3)).toBe(290000);
    expect(monthlyTotalCents('enterprise', 2)).toBe(540000);
  });
});

describe('formatCents', () => {
  it('drops cents for whole dollars', () => {
    expect(formatCents(290000)).toBe('$2,900');
    expect(formatCents(50000)).toBe('$500');
    expect(formatCents(0)).toBe('$0');
  });

  it('shows two decimals otherwise', () => {
    expect(formatCents(290050)).toBe('$2,900.50');
    expect(formatCents(25)).toBe('$0.25');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });
});

describe('checkoutRequestSchema', () => {
  it('accepts a valid request and defaults the method to card', () => {
    expect(checkoutRequestSchema.parse({ planId: 'pro', additionalPanels: 3 })).toEqual({
      planId: 'pro',
      additionalPanels: 3,
      method: 'card',
    });
    expect(
      checkoutRequestSchema.parse({ planId: 'enterprise', additionalPanels: 1000, method: 'crypto' }).method,
    ).toBe('crypto');
  });

  it('applies the plan limit with a clear message', () => {
    const r = checkoutRequestSchema.safeParse({ planId: 'basic', additionalPanels: 5 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('The Basic plan allows at most 4 additional panels.');
    expect(r.error?.issues[0]?.path).toEqual(['additionalPanels']);
    expect(addonLimitMessage('pro')).toBe('The Pro plan allows at most 20 additional panels.');
  });

  it('rejects bad input', () => {
    const bad = [
      { planId: 'gold', additionalPanels: 0 },
      { planId: 'pro', additionalPanels: -1 },
      { planId: 'pro', additionalPanels: 1.5 },
      { planId: 'pro', additionalPanels: '3' },
      { planId: 'enterprise', additionalPanels: 1001 },
      { planId: 'pro', additionalPanels: 0, method: 'sandbox' },
      { planId: 'pro', additionalPanels: 0, price: 1 },
      { additionalPanels: 0 },
    ];
    for (const input of bad) expect(checkoutRequestSchema.safeParse(input).success).toBe(false);
  });
});
