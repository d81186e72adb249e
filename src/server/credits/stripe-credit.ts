import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Database } from '../db/client';
import { accountCredits, orders } from '../db/schema';
import { applyCreditTx } from './apply';

/** What a 'stripe_credit' outbox row holds: the credit, read afresh when it is sent. */
export const stripeCreditPayloadSchema = z.object({ creditId: z.number().int().positive() });

/** Stable per credit, so a retry after a lost answer is the same balance transaction at Stripe. */
export const stripeCreditIdempotencyKey = (creditId: number) => `late-delivery-credit-${creditId}`;

/**
 * Sends a Stripe order's late-delivery credit as a customer balance transaction (Stripe takes
 * it off the next invoice), for the outbox's retrying sweep (docs/decisions/0007-durable-outbox.md).
 * The idempotency key makes a retry the same transaction; a credit already applied is not sent.
 * Throws to be retried.
 */
export function createStripeCreditSender(db: Database, stripe: Stripe, now: () => Date = () => new Date()) {
  return async function sendStripeCredit(payload: unknown): Promise<void> {
    const { creditId } = stripeCreditPayloadSchema.parse(payload);
    const [row] = await db
      .select({ credit: accountCredits, customerId: orders.providerCustomerId })
      .from(accountCredits)
      .innerJoin(orders, eq(orders.id, accountCredits.orderId))
      .where(eq(accountCredits.id, creditId));
    // Applied already, or lapsed with its subscription before it could be sent.
    if (row?.credit.status !== 'pending') return;
    const { credit, customerId } = row;
    if (!customerId) throw new Error(`order ${credit.orderId} has no Stripe customer yet`);
    const balance = await stripe.customers.createBalanceTransaction(
      customerId,
      {
        amount: -credit.amountCents,
        currency: 'usd',
        description: `Late-delivery credit for order ${credit.orderId}`,
      },
      { idempotencyKey: stripeCreditIdempotencyKey(creditId) },
    );
    await db.transaction((tx) => applyCreditTx(tx, creditId, { providerReference: balance.id }, now()));
  };
}
