import { describe, expect, it } from 'vitest';
import { addedPanelsMonthlyCents, periodDays, proRataCents, quoteAddedPanels } from './pro-rata';

const day = 86_400_000;
const start = new Date('2026-04-01T12:00:00Z');
const end = new Date('2026-05-01T12:00:00Z');

describe('pro rata for panels added mid-period', () => {
  it('counts the days of the period and the days left, a begun day as left', () => {
    expect(periodDays(start, end, new Date(start.getTime() + 10 * day))).toEqual({
      periodDays: 30,
      daysLeft: 20,
    });
    expect(periodDays(start, end, new Date(start.getTime() + 10 * day + 3_600_000))).toEqual({
      periodDays: 30,
      daysLeft: 20,
    });
    expect(periodDays(start, end, start)).toEqual({ periodDays: 30, daysLeft: 30 });
    expect(periodDays(start, end, end)).toEqual({ periodDays: 30, daysLeft: 0 });
  });

  it('rounds once to the cent, half up', () => {
    expect(proRataCents(90_000, 20, 30)).toBe(60_000);
    expect(proRataCents(100, 1, 3)).toBe(33);
    expect(proRataCents(100, 2, 3)).toBe(67);
    expect(proRataCents(1, 1, 2)).toBe(1);
    expect(proRataCents(45_001, 20, 30)).toBe(30_001);
    expect(() => proRataCents(10.5, 1, 2)).toThrow();
  });

  it('prices added panels after the renewing ones: the plan’s own panels first, then add-ons', () => {
    // Pro: 5 panels at $400 each in the plan, add-ons at $300.
    expect(addedPanelsMonthlyCents('pro', 5, 2)).toBe(60_000);
    expect(addedPanelsMonthlyCents('pro', 4, 2)).toBe(40_000 + 30_000);
    expect(addedPanelsMonthlyCents('basic', 3, 2, { planPriceCents: 40_000, addonPriceCents: 36_000 })).toBe(
      72_000,
    );
  });

  it('adds two panels co-termed on day 10 of 30: 20/30 of their price to the cent, the renewal charges all', () => {
    const order = {
      planId: 'basic' as const,
      planPriceCents: 50_000,
      addonPriceCents: 45_001,
      currentPeriodStart: start,
      currentPeriodEnd: end,
    };
    const quote = quoteAddedPanels(order, 3, 2, new Date(start.getTime() + 10 * day));
    expect(quote).toEqual({
      panels: 2,
      daysLeft: 20,
      periodDays: 30,
      monthlyCents: 90_002,
      // 90 002 × 20 / 30 = 60 001.33…
      chargeCents: 60_001,
      renewalCents: 50_000 + 4 * 45_001,
    });
  });
});
