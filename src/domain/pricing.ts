// Order pricing and add-on rules (D4). The server computes every amount from
// here; a price sent by a client is never trusted.

import { z } from 'zod';
import { ADDON_API_MAX, ADDON_SELECT_MAX_UNLIMITED } from './constants';
import { groupDigits } from './format';
import { PLAN_REQUIRED } from './messages';
import { getPlan, isPlanId, PLAN_IDS, type PlanId } from './plans';

export const CHECKOUT_METHODS = ['card', 'crypto', 'bank_transfer'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/** Maximum additional panels for a plan; null = unlimited (the API still caps at ADDON_API_MAX). */
export function addonLimit(planId: PlanId): number | null {
  return getPlan(planId).addonLimit;
}

/** Options of the order page's select: 0..limit, or 0..30 for unlimited plans. */
export function addonSelectOptions(planId: PlanId): number[] {
  const max = addonLimit(planId) ?? ADDON_SELECT_MAX_UNLIMITED;
  return Array.from({ length: max + 1 }, (_, i) => i);
}

export function maxAdditionalPanels(planId: PlanId): number {
  return addonLimit(planId) ?? ADDON_API_MAX;
}

export function addonLimitMessage(planId: PlanId): string {
  const plan = getPlan(planId);
  return `The ${plan.name} plan allows at most ${groupDigits(maxAdditionalPanels(planId))} additional panels.`;
}

export const ADDITIONAL_PANELS_NOT_INTEGER = 'Additional panels must be a whole number.';
export const ADDITIONAL_PANELS_NEGATIVE = 'Additional panels cannot be negative.';

export function panelsDelivered(planId: PlanId, additional: number): number {
  return getPlan(planId).adminPanels + additional;
}

export function monthlyTotalCents(planId: PlanId, additional: number): number {
  const plan = getPlan(planId);
  return plan.priceCents + additional * plan.addonCostCents;
}

/**
 * The prices a renewal is charged at: the order's own, fixed when it was bought, so a later
 * change of the catalog never reprices a running subscription (D4).
 */
export interface PanelPrices {
  planPriceCents: number;
  addonPriceCents: number;
}

/** How `panels` renewing panels split into lines: the plan's own panels first, then add-ons. */
export function panelLines(planId: PlanId, panels: number): { planPanels: number; addonPanels: number } {
  const { adminPanels } = getPlan(planId);
  return { planPanels: Math.min(panels, adminPanels), addonPanels: Math.max(0, panels - adminPanels) };
}

/**
 * One of the plan's own panels: the plan's price split evenly (docs/decisions/0017). Whole
 * cents for every catalog price; an order priced net of VAT (reverse charge, domain/tax.ts) may
 * split into a fraction of a cent, which Stripe takes as a decimal unit price.
 */
export function planPanelUnit(planId: PlanId, planPriceCents = getPlan(planId).priceCents): number {
  return planPriceCents / getPlan(planId).adminPanels;
}

/** planPanelUnit for a catalog price, which must split into whole cents. */
export function planPanelCents(planId: PlanId, planPriceCents = getPlan(planId).priceCents): number {
  const unit = planPanelUnit(planId, planPriceCents);
  if (!Number.isInteger(unit)) throw new Error(`The ${planId} plan's price does not split into whole cents.`);
  return unit;
}

/**
 * The monthly price of `panels` panels of one order (docs/decisions/0017): the plan's own
 * panels are counted first, at an even share of the plan's price, then add-ons at theirs. So
 * a full order costs what it was bought for, and cancelling a panel first takes off an add-on.
 * A share that is not whole cents is rounded once, on the plan's line, as Stripe rounds it.
 */
export function renewalPriceCents(planId: PlanId, panels: number, prices?: PanelPrices): number {
  const plan = getPlan(planId);
  const { planPanels, addonPanels } = panelLines(planId, panels);
  const planPriceCents = prices?.planPriceCents ?? plan.priceCents;
  return (
    Math.round(planPanels * planPanelUnit(planId, planPriceCents)) +
    addonPanels * (prices?.addonPriceCents ?? plan.addonCostCents)
  );
}

export interface PricedOrder {
  planId: string;
  quantity: number;
  totalCents: number;
  planPriceCents: number;
  addonPriceCents: number;
}

/**
 * What an order's renewal of `panels` panels costs: its own total when every panel renews (as
 * every renewal did before panels could be canceled one by one), else the rule above at the
 * order's own prices (the catalog's for an order from before they were kept).
 */
export function orderRenewalCents(order: PricedOrder, panels: number): number {
  if (panels >= order.quantity) return order.totalCents;
  if (!isPlanId(order.planId)) return Math.round((order.totalCents * panels) / order.quantity);
  const own = order.planPriceCents > 0;
  return renewalPriceCents(
    order.planId,
    panels,
    own ? { planPriceCents: order.planPriceCents, addonPriceCents: order.addonPriceCents } : undefined,
  );
}

// Lives in format.ts so pages can show prices without loading zod (the schema below needs it).
export { formatCents } from './format';

export const checkoutRequestSchema = z
  .strictObject({
    planId: z.enum(PLAN_IDS, { error: PLAN_REQUIRED }),
    additionalPanels: z
      .number({ error: ADDITIONAL_PANELS_NOT_INTEGER })
      .int({ error: ADDITIONAL_PANELS_NOT_INTEGER })
      .min(0, { error: ADDITIONAL_PANELS_NEGATIVE })
      .max(ADDON_API_MAX, {
        error: `At most ${groupDigits(ADDON_API_MAX)} additional panels can be ordered.`,
      }),
    method: z.enum(CHECKOUT_METHODS).default('card'),
  })
  .superRefine((req, ctx) => {
    const limit = addonLimit(req.planId);
    if (limit !== null && req.additionalPanels > limit) {
      ctx.addIssue({ code: 'custom', path: ['additionalPanels'], message: addonLimitMessage(req.planId) });
    }
  });

export type CheckoutRequest = z.output<typeof checkoutRequestSchema>;
