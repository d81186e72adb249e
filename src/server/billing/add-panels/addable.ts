import { getPlan, isPlanId, type PlanId } from '../../../domain/plans';
import { maxAdditionalPanels } from '../../../domain/pricing';
import { type AddPanelsQuote, type QuotedOrder, quoteAddedPanels } from '../../../domain/pro-rata';
import type { orders } from '../../db/schema';
import { conflict } from '../../http/errors';

type OrderRow = typeof orders.$inferSelect;

/** Providers whose subscriptions take panels added to their period. */
const ADDING_PROVIDERS = new Set(['sandbox', 'stripe']);
/** Providers whose added panels are invoiced and wait for an admin's record of the money (manual-add.ts). */
const INVOICED_ADDING_PROVIDERS = new Set(['manual']);

/** The most panels one subscription of a plan holds: the plan's own and its add-on limit. */
export const maxPanelsOf = (planId: PlanId) => getPlan(planId).adminPanels + maxAdditionalPanels(planId);

export interface Addable {
  order: QuotedOrder & { id: number; userId: string };
  quote: AddPanelsQuote;
  renewing: number;
  maxPanels: number;
}

/**
 * Whether `added` panels can join this order's period at `now`, and their price: a running
 * subscription (active, not ending, its period still ahead), a provider that charges added
 * panels, and the plan's limit held across the panels that renew and the added ones.
 */
export function addable(order: OrderRow, renewing: number, added: number, now: Date): Addable {
  const start = order.currentPeriodStart;
  const end = order.currentPeriodEnd;
  if (
    order.userId === null ||
    (order.status !== 'paid' && order.status !== 'completed') ||
    order.subscriptionStatus !== 'active' ||
    order.cancelAtPeriodEnd ||
    !start ||
    !end ||
    end <= now
  ) {
    throw conflict(
      'Panels can only be added to an active subscription that renews. Start a new period instead.',
      'subscription_inactive',
    );
  }
  if (
    !isPlanId(order.planId) ||
    !(ADDING_PROVIDERS.has(order.provider) || INVOICED_ADDING_PROVIDERS.has(order.provider))
  ) {
    throw conflict(
      'Panels cannot be added to this subscription’s renewal date yet. Start a new period instead.',
      'add_panels_unavailable',
    );
  }
  const maxPanels = maxPanelsOf(order.planId);
  if (renewing + added > maxPanels) {
    const room = Math.max(0, maxPanels - renewing);
    throw conflict(
      `The ${getPlan(order.planId).name} plan allows at most ${maxPanels} panels in one subscription; ${room === 0 ? 'this one is full' : `up to ${room} more can be added`}.`,
      'panel_limit_reached',
    );
  }
  const quoted = {
    id: order.id,
    userId: order.userId,
    planId: order.planId,
    planPriceCents: order.planPriceCents,
    addonPriceCents: order.addonPriceCents,
    currentPeriodStart: start,
    currentPeriodEnd: end,
  };
  return { order: quoted, quote: quoteAddedPanels(quoted, renewing, added, now), renewing, maxPanels };
}
