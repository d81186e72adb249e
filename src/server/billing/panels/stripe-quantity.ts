import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import { isPlanId } from '../../../domain/plans';
import { panelLines, planPanelUnit } from '../../../domain/pricing';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../domain/status';
import type { Database, Tx } from '../../db/client';
import { orders, outboxMessages } from '../../db/schema';
import { renewingPanels } from '../../lifecycle/renewing';
import type { OrderRow } from '../../lifecycle/result';
import { LINE_KEY, RENEWING_PANELS_KEY, stripeUnitPrice } from '../../payments/stripe/metadata';

/** What a 'stripe_quantity' outbox row holds: the order, whose panels are read afresh when it is sent. */
export const stripeQuantityPayloadSchema = z.object({ orderId: z.number().int().positive() });

/**
 * Queues the Stripe side of a change to which panels of a Stripe order renew, in the
 * transaction that made it: the outbox's retrying sweep sends it (docs/decisions/0007), so a
 * Stripe outage neither loses it nor fails the customer's request. Other providers read our
 * rows at the renewal and need nothing.
 */
export async function queueStripeQuantityTx(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'provider' | 'providerSubscriptionId'>,
): Promise<void> {
  if (order.provider !== 'stripe' || !order.providerSubscriptionId) return;
  await tx.insert(outboxMessages).values({ kind: 'stripe_quantity', payload: { orderId: order.id } });
}

type Item = Stripe.SubscriptionItem;

const productOf = (item: Item) => item.price.product;
const unitOf = (item: Item) => Number(item.price.unit_amount_decimal ?? item.price.unit_amount);
const lineOf = (item: Item) => {
  const product = productOf(item);
  return typeof product === 'object' && product !== null && 'metadata' in product
    ? product.metadata?.[LINE_KEY]
    : undefined;
};
const productId = (item: Item) => {
  const product = productOf(item);
  return typeof product === 'string' ? product : product.id;
};

/**
 * The plan's line and the add-on line of a subscription: named by their product's metadata
 * since Checkout has tagged them; a subscription from before is told apart by its prices (the
 * plan line first, at the whole plan's price or a panel's share of it).
 */
function linesOf(items: Item[], order: OrderRow, unitCents: number) {
  const tagged = (line: string) => items.find((item) => lineOf(item) === line);
  const plan =
    tagged('plan') ??
    items.find((item) => unitOf(item) === order.planPriceCents || unitOf(item) === unitCents);
  const addon = tagged('addon') ?? items.find((item) => item !== plan);
  return { plan, addon };
}

/**
 * Sets a Stripe subscription to the panels of its order that renew (docs/decisions/0017): the
 * plan's line at a panel's share of the plan's price for up to the plan's panels, the add-on
 * line for the rest, from the next period on (`proration_behavior: 'none'`: no refund, no
 * charge now); when none renew, it is canceled at the period end. Read afresh at each attempt,
 * so the last row sent says what holds now whatever order the rows ran in. Throws to be retried.
 */
export function createStripeQuantitySender(db: Database, stripe: Stripe) {
  return async function sendStripeQuantity(payload: unknown): Promise<void> {
    const { orderId } = stripeQuantityPayloadSchema.parse(payload);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const subscriptionId = order?.providerSubscriptionId;
    if (order?.provider !== 'stripe' || !subscriptionId) return;
    // Ended meanwhile: Stripe's subscription is over too, or is being ended by the refund.
    if (!(LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(order.subscriptionStatus)) return;
    const renewing = await renewingPanels(db, order);
    await pushRenewing(stripe, subscriptionId, order, renewing);
    // What Stripe took, for the reconcile to compare with what renews (stripe-reconcile.ts).
    await db.update(orders).set({ stripeRenewingSent: renewing }).where(eq(orders.id, orderId));
  };
}

/**
 * How a push is charged: by default from the next period on, with nothing invoiced now; panels
 * added mid-period (billing/add-panels/stripe-add.ts) are invoiced at once, prorated from a
 * fixed moment, under an idempotency key so a retried push never invoices twice.
 */
export interface PushOptions {
  proration?: { date: number };
  idempotencyKey?: string;
  metadata?: Record<string, string>;
}

export async function pushRenewing(
  stripe: Stripe,
  subscriptionId: string,
  order: OrderRow,
  renewing: number,
  options: PushOptions = {},
) {
  const metadata = { ...options.metadata, [RENEWING_PANELS_KEY]: String(renewing) };
  const request = options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined;
  if (renewing === 0 || !isPlanId(order.planId)) {
    await stripe.subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: renewing === 0, metadata },
      request,
    );
    return;
  }
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
    expand: ['items.data.price.product'],
  });
  const unit = planPanelUnit(order.planId, order.planPriceCents > 0 ? order.planPriceCents : undefined);
  const { plan, addon } = linesOf(subscription.items.data, order, unit);
  if (!plan) throw new Error(`Stripe subscription ${subscriptionId} has no plan line.`);
  const { planPanels, addonPanels } = panelLines(order.planId, renewing);
  if (addonPanels > 0 && !addon) throw new Error(`Stripe subscription ${subscriptionId} has no add-on line.`);
  const items: Stripe.SubscriptionUpdateParams.Item[] = [
    unitOf(plan) === unit
      ? { id: plan.id, quantity: planPanels }
      : {
          // Bought as one plan line: priced per panel from now on, so it can count panels.
          id: plan.id,
          price_data: {
            currency: plan.price.currency,
            product: productId(plan),
            recurring: { interval: 'month' },
            ...stripeUnitPrice(stripe, unit),
          },
          quantity: planPanels,
        },
    ...(addon ? [{ id: addon.id, quantity: addonPanels }] : []),
  ];
  await stripe.subscriptions.update(
    subscriptionId,
    {
      items,
      ...(options.proration
        ? { proration_behavior: 'always_invoice', proration_date: options.proration.date }
        : { proration_behavior: 'none' }),
      cancel_at_period_end: false,
      metadata,
    },
    request,
  );
}
