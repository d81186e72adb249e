import type Stripe from 'stripe';

// The names our Stripe objects carry in their metadata, shared by Checkout (provider.ts), the
// panel quantity updates (billing/panels/stripe-quantity.ts) and the event translation.

/** Product metadata naming a subscription line: the plan's own panels, or add-on panels. */
export const LINE_KEY = 'panelhub_line';

/** Subscription metadata: how many panels we last told Stripe renew. */
export const RENEWING_PANELS_KEY = 'panelhub_renewing_panels';

/** Stripe's unit price for a panel's share of a plan: whole cents, or a decimal where it splits finer. */
export const stripeUnitPrice = (stripe: Stripe, unit: number) =>
  Number.isInteger(unit) ? { unit_amount: unit } : { unit_amount_decimal: stripe.Decimal.from(String(unit)) };

/**
 * Subscription metadata set with panels added mid-period (billing/add-panels/stripe-add.ts):
 * which addition was last pushed (its charge id), and how many panels it added. Stripe copies the
 * subscription's metadata onto the proration invoice, which is how `invoice.paid` counts them.
 */
export const ADDITION_KEY = 'panelhub_addition';
export const ADDED_PANELS_KEY = 'panelhub_added_panels';
