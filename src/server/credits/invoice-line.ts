import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accountCredits } from '../db/schema';

/** The late-delivery credit a payment applied, in cents (0 when none), for its invoice's lines. */
export async function creditAppliedTo(db: Database, paymentId: number): Promise<number> {
  const [credit] = await db
    .select({ amountCents: accountCredits.amountCents })
    .from(accountCredits)
    .where(eq(accountCredits.appliedPaymentId, paymentId));
  return credit?.amountCents ?? 0;
}

/** The invoice line of an applied credit: negative, so the lines add up to the amount charged. */
export const creditLine = (cents: number) => ({
  description: 'Late-delivery credit',
  quantity: 1,
  unitCents: -cents,
});
