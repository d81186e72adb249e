import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { AddPanelsQuote } from '../../../domain/pro-rata';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../domain/status';
import type { Database, Tx } from '../../db/client';
import { orders, outboxMessages } from '../../db/schema';
import { conflict } from '../../http/errors';
import type { OrderRow } from '../../lifecycle/result';
import { ADDED_PANELS_KEY, ADDITION_KEY, RENEWING_PANELS_KEY } from '../../payments/stripe/metadata';
import {
  createStripeQuantitySender,
  pushRenewing,
  stripeQuantityPayloadSchema,
} from '../panels/stripe-quantity';
import { addedPanelsChargeId } from './charge-id';

// Panels added mid-period to a Stripe subscription (docs/decisions/0018-adding-panels.md): the
// purchase's transaction queues a 'stripe_quantity' row that says which addition it carries;
// its delivery raises the subscription's lines with Stripe's proration invoiced at once.

const DAY_MS = 86_400_000;

/** What an addition's row carries besides the order: enough to push the same change on every retry. */
export const stripeAdditionSchema = z.object({
  /** The order's quantity before; with the order, the addition's charge id and idempotency key. */
  quantityBefore: z.number().int().min(0),
  /** The panels that renewed before: the lines Stripe prorates from. */
  renewingBefore: z.number().int().min(0),
  panels: z.number().int().positive(),
  /** Unix seconds Stripe prorates from, so its charge is the quote's days, not the send's moment. */
  prorationDate: z.number().int().positive(),
});
export type StripeAddition = z.infer<typeof stripeAdditionSchema>;

const additionPayloadSchema = stripeQuantityPayloadSchema.extend({ addition: stripeAdditionSchema });

/**
 * The moment the quote's days left start, in Unix seconds: the days are counted back from the
 * period end (a day begun counts as left), so Stripe, prorating by the second from there, charges
 * the quote's share of the period. Never before the period's start.
 */
export function prorationDateOf(period: { start: Date; end: Date }, quote: Pick<AddPanelsQuote, 'daysLeft'>) {
  const from = Math.max(period.start.getTime(), period.end.getTime() - quote.daysLeft * DAY_MS);
  return Math.ceil(from / 1000);
}

/** Queues the Stripe side of panels added to a Stripe order, in the purchase's transaction. */
export async function queueStripeAdditionTx(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'provider' | 'providerSubscriptionId'>,
  addition: StripeAddition,
): Promise<void> {
  if (order.provider !== 'stripe' || !order.providerSubscriptionId) {
    throw conflict(
      'Panels cannot be added to this subscription’s renewal date yet. Start a new period instead.',
      'add_panels_unavailable',
    );
  }
  await tx
    .insert(outboxMessages)
    .values({ kind: 'stripe_quantity', payload: { orderId: order.id, addition } });
}

/** Whether an addition's row of this order is still on its way to Stripe. */
async function additionPending(db: Database, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.kind, 'stripe_quantity'),
        eq(outboxMessages.status, 'pending'),
        sql`(${outboxMessages.payload}->>'orderId')::int = ${orderId}`,
        sql`${outboxMessages.payload}->'addition' is not null`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Sends one addition: Stripe's lines are first set to the panels that renewed before it (with
 * nothing invoiced), then to those and the added ones with `always_invoice`, so the invoice
 * charges the added panels exactly, whatever earlier change is still on its way. The metadata
 * names the addition: a retry after Stripe took it (its answer lost) stops there, and each call
 * carries an idempotency key from the order and its quantity before, so nothing is invoiced twice.
 */
async function sendAddition(db: Database, stripe: Stripe, orderId: number, addition: StripeAddition) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const subscriptionId = order?.providerSubscriptionId;
  if (order?.provider !== 'stripe' || !subscriptionId) return;
  // Ended meanwhile (refunded, expired): there is no period left to charge for.
  if (!(LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(order.subscriptionStatus)) return;
  const key = addedPanelsChargeId(order.id, addition.quantityBefore);
  const after = addition.renewingBefore + addition.panels;
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  if (subscription.metadata?.[ADDITION_KEY] !== key) {
    if (subscription.metadata?.[RENEWING_PANELS_KEY] !== String(addition.renewingBefore)) {
      await pushRenewing(stripe, subscriptionId, order, addition.renewingBefore, {
        idempotencyKey: `${key}_before`,
      });
    }
    // Our period began when the checkout was confirmed, Stripe's a moment before or after:
    // Stripe takes no proration date before its own period's start.
    const stripeStart = Math.max(0, ...subscription.items.data.map((item) => item.current_period_start ?? 0));
    await pushRenewing(stripe, subscriptionId, order, after, {
      proration: { date: Math.max(addition.prorationDate, stripeStart) },
      idempotencyKey: key,
      metadata: { [ADDITION_KEY]: key, [ADDED_PANELS_KEY]: String(addition.panels) },
    });
  }
  await db.update(orders).set({ stripeRenewingSent: after }).where(eq(orders.id, orderId));
}

/**
 * The outbox's sender of 'stripe_quantity' rows: an addition's row goes as above; any other
 * row of the order waits while an addition is pending, so a change pushed without proration
 * cannot raise Stripe's lines first and leave the addition nothing to invoice.
 */
export function createStripeQuantityDelivery(db: Database, stripe: Stripe) {
  const sendQuantity = createStripeQuantitySender(db, stripe);
  return async function deliverStripeQuantity(payload: unknown): Promise<void> {
    const added = additionPayloadSchema.safeParse(payload);
    if (added.success) return sendAddition(db, stripe, added.data.orderId, added.data.addition);
    const { orderId } = stripeQuantityPayloadSchema.parse(payload);
    if (await additionPending(db, orderId)) {
      throw new Error(`Order ${orderId} waits for its added panels to reach Stripe first.`);
    }
    return sendQuantity(payload);
  };
}
