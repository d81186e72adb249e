import { describe, expect, it } from 'vitest';
import { getPlan, isPlanId, PLAN_IDS, PLANS } from './plans';

describe('plan catalog', () => {
  it('lists basic, pro, enterprise in order', () => {
    expect(PLAN_IDS).toEqual(['basic', 'pro', 'enterprise']);
    expect(PLANS.map((p) => p.id)).toEqual(['basic', 'pro', 'enterprise']);
    expect(PLANS.map((p) => p.name)).toEqual(['Basic', 'Pro', 'Enterprise']);
  });

  it('carries the plan table figures', () => {
    const rows = PLANS.map((p) => [
      p.pricePerUnit,
      p.adminPanels,
      p.maxSeats,
      p.mailboxRateCents,
      p.addonCost,
      p.addonLimit,
    ]);
    expect(rows).toEqual([
      [500, 1, 2000, 25, 450, 4],
      [2000, 5, 10000, 20, 300, 20],
      [5000, 25, 50000, 10, 200, null],
    ]);
  });

  it('keeps cents consistent with dollars', () => {
    for (const p of PLANS) {
      expect(p.priceCents).toBe(p.pricePerUnit * 100);
      expect(p.addonCostCents).toBe(p.addonCost * 100);
    }
    expect(PLANS.map((p) => p.priceCents)).toEqual([50000, 200000, 500000]);
    expect(PLANS.map((p) => p.addonCostCents)).toEqual([45000, 30000, 20000]);
  });

  it('has the quantity bounds, billing cycle, users per panel and CTA', () => {
    expect(PLANS.map((p) => [p.minQuantity, p.maxQuantity])).toEqual([
      [1, 1],
      [2, 5],
      [6, null],
    ]);
    for (const p of PLANS) {
      expect(p.billingCycle).toBe('monthly');
      expect(p.usersPerPanel).toBe(2000);
      expect(p.ctaText).toBe('Get Started');
      expect(p.features.length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(0);
    }
  });

  it('marks only pro as popular', () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['pro']);
  });

  it('reflects the support tiers in the features', () => {
    expect(getPlan('basic').features).toContain('Email support');
    expect(getPlan('pro').features).toEqual(
      expect.arrayContaining(['Priority email support', 'Advanced security']),
    );
    expect(getPlan('enterprise').features).toEqual(
      expect.arrayContaining(['24/7 premium support', 'Dedicated account manager', 'Custom integrations']),
    );
  });

  it('looks plans up and recognises ids', () => {
    expect(getPlan('enterprise').name).toBe('Enterprise');
    expect(isPlanId('pro')).toBe(true);
    expect(isPlanId('gold')).toBe(false);
    expect(isPlanId(1)).toBe(false);
    expect(isPlanId(undefined)).toBe(false);
    expect(() => getPlan('gold' as never)).toThrow('Unknown plan: gold');
  });
});
