// Order pricing and add-on rules (D4). The server computes every amount from
// here; a price sent by a client is never trusted.

import { z } from 'zod';
import { ADDON_API_MAX, ADDON_SELECT_MAX_UNLIMITED } from './constants';
import { PLAN_REQUIRED } from './messages';
import { getPlan, PLAN_IDS, type PlanId } from './plans';

export const CHECKOUT_METHODS = ['card', 'crypto', 'bank_transfer'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

const count = new Intl.NumberFormat('en-US');

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
  return `The ${plan.name} plan allows at most ${count.format(maxAdditionalPanels(planId))} additional panels.`;
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
        error: `At most ${count.format(ADDON_API_MAX)} additional panels can be ordered.`,
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
