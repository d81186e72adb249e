// Panels added to a running period (D8): charged for the days left of it, never refunded the other way.

import type { PlanId } from './plans';
import { type PanelPrices, renewalPriceCents } from './pricing';

const DAY_MS = 86_400_000;

/**
 * Whole days of a period and the days of it still to run at `now`. A day already begun counts
 * as left, so a customer is never charged less than the days they will hold the panels; a
 * period of one calendar month is 28 to 31 days.
 */
export function periodDays(start: Date, end: Date, now: Date): { periodDays: number; daysLeft: number } {
  const total = Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS));
  const left = Math.ceil((end.getTime() - now.getTime()) / DAY_MS);
  return { periodDays: total, daysLeft: Math.min(total, Math.max(0, left)) };
}

/**
 * `monthlyCents × daysLeft / periodDays`, rounded once to the cent, half up, in integers (no
 * floating point on the way): the one rounding of an added panel's charge, which the quote shows
 * and the payment records.
 */
export function proRataCents(monthlyCents: number, daysLeft: number, days: number): number {
  if (
    !Number.isInteger(monthlyCents) ||
    !Number.isInteger(daysLeft) ||
    !Number.isInteger(days) ||
    days <= 0
  ) {
    throw new Error('pro rata needs whole cents and whole days');
  }
  return Math.floor((2 * monthlyCents * daysLeft + days) / (2 * days));
}

/**
 * The monthly price of `added` panels joining `renewing` panels of one order: what the renewal
 * of them all costs less what the renewal of the renewing ones costs, so the plan's own panels
 * are counted first and add-ons after, as renewals count them (docs/decisions/0017).
 */
export function addedPanelsMonthlyCents(
  planId: PlanId,
  renewing: number,
  added: number,
  prices?: PanelPrices,
): number {
  return renewalPriceCents(planId, renewing + added, prices) - renewalPriceCents(planId, renewing, prices);
}

/** The order facts a quote reads. */
export interface QuotedOrder {
  planId: PlanId;
  planPriceCents: number;
  addonPriceCents: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

export interface AddPanelsQuote {
  panels: number;
  daysLeft: number;
  periodDays: number;
  /** The added panels' monthly price, which the renewal adds. */
  monthlyCents: number;
  /** What is charged now: monthlyCents for the days left. */
  chargeCents: number;
  /** The renewal of every renewing panel, the added ones included. */
  renewalCents: number;
}

/** The order's own prices, fixed when it was bought (the catalog's for an order from before). */
export const ownPrices = (
  order: Pick<QuotedOrder, 'planPriceCents' | 'addonPriceCents'>,
): PanelPrices | undefined =>
  order.planPriceCents > 0
    ? { planPriceCents: order.planPriceCents, addonPriceCents: order.addonPriceCents }
    : undefined;

/** The price of `added` panels joining the `renewing` panels of an order at `now`. */
export function quoteAddedPanels(
  order: QuotedOrder,
  renewing: number,
  added: number,
  now: Date,
): AddPanelsQuote {
  const prices = ownPrices(order);
  const days = periodDays(order.currentPeriodStart, order.currentPeriodEnd, now);
  const monthlyCents = addedPanelsMonthlyCents(order.planId, renewing, added, prices);
  return {
    panels: added,
    ...days,
    monthlyCents,
    chargeCents: proRataCents(monthlyCents, days.daysLeft, days.periodDays),
    renewalCents: renewalPriceCents(order.planId, renewing + added, prices),
  };
}
