import { describe, expect, it } from 'vitest';
import { PLANS } from './plans';
import {
  addonLimit,
  addonLimitMessage,
  addonSelectOptions,
  checkoutRequestSchema,
  formatCents,
  monthlyTotalCents,
  orderRenewalCents,
  panelLines,
  panelsDelivered,
  planPanelCents,
  renewalPriceCents,
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

describe('the price of the panels that renew', () => {
  it('splits every plan into whole cents per panel', () => {
    for (const plan of PLANS) {
      expect(Number.isInteger(plan.priceCents / plan.adminPanels), plan.id).toBe(true);
      expect(planPanelCents(plan.id) * plan.adminPanels, plan.id).toBe(plan.priceCents);
    }
    expect([planPanelCents('basic'), planPanelCents('pro'), planPanelCents('enterprise')]).toEqual([
      50_000, 40_000, 20_000,
    ]);
  });

  it('is the monthly total of every full order', () => {
    for (const plan of PLANS) {
      for (let additional = 0; additional <= (plan.addonLimit ?? 40); additional++) {
        expect(renewalPriceCents(plan.id, plan.adminPanels + additional), `${plan.id} +${additional}`).toBe(
          monthlyTotalCents(plan.id, additional),
        );
      }
    }
  });

  it('grows with every panel and is nothing for none', () => {
    for (const plan of PLANS) {
      expect(renewalPriceCents(plan.id, 0)).toBe(0);
      for (let n = 1; n <= plan.adminPanels + 30; n++) {
        expect(renewalPriceCents(plan.id, n), `${plan.id} ${n}`).toBeGreaterThan(
          renewalPriceCents(plan.id, n - 1),
        );
      }
    }
  });

  it("counts the plan's panels first, so a cancel takes off an add-on first", () => {
    expect(panelLines('pro', 8)).toEqual({ planPanels: 5, addonPanels: 3 });
    expect(panelLines('pro', 3)).toEqual({ planPanels: 3, addonPanels: 0 });
    // Basic with two add-ons, one panel canceled: the plan and one add-on renew.
    expect(renewalPriceCents('basic', 2)).toBe(50_000 + 45_000);
    expect(renewalPriceCents('pro', 7)).toBe(monthlyTotalCents('pro', 3) - 30_000);
    expect(renewalPriceCents('pro', 4)).toBe(4 * 40_000);
  });

  it("charges at the order's own prices when it has them", () => {
    expect(renewalPriceCents('pro', 6, { planPriceCents: 150_000, addonPriceCents: 25_000 })).toBe(
      150_000 + 25_000,
    );
    expect(() => planPanelCents('pro', 100_001)).toThrow(/whole cents/);
    // Net of 19% VAT (reverse charge): the plan's 5 panels at 33,613.4 cents, rounded once.
    const net = { planPriceCents: 168_067, addonPriceCents: 25_210 };
    expect(renewalPriceCents('pro', 5, net)).toBe(168_067);
    expect(renewalPriceCents('pro', 3, net)).toBe(100_840);
  });

  it("prices an order's renewal: its own total when whole, the rule when panels were canceled", () => {
    const order = {
      planId: 'basic',
      quantity: 3,
      totalCents: 140_000,
      planPriceCents: 50_000,
      addonPriceCents: 45_000,
    };
    expect(orderRenewalCents(order, 3)).toBe(140_000);
    expect(orderRenewalCents(order, 2)).toBe(95_000);
    expect(orderRenewalCents(order, 1)).toBe(50_000);
    expect(orderRenewalCents({ ...order, planPriceCents: 0, addonPriceCents: 0 }, 2)).toBe(95_000);
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
