import { and, eq, inArray } from 'drizzle-orm';
import { recordAudits } from '../audit/audit';
import { accountCredits } from '../db/schema';
import type { TxOrDb } from '../outbox/enqueue';

/**
 * A credit is spent on its order's next renewal (docs/product.md §10). When the subscription
 * ends first (it expired, the order was refunded, the account was deleted) no renewal will
 * come, so its pending credit lapses, in the transaction that ends it. A Stripe credit not yet
 * sent is then never sent (stripe-credit.ts reads the status first).
 */
export async function lapsePendingCredits(tx: TxOrDb, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const lapsed = await tx
    .update(accountCredits)
    .set({ status: 'lapsed' })
    .where(and(inArray(accountCredits.orderId, orderIds), eq(accountCredits.status, 'pending')))
    .returning({
      id: accountCredits.id,
      orderId: accountCredits.orderId,
      amountCents: accountCredits.amountCents,
    });
  await recordAudits(
    tx,
    lapsed.map((credit) => ({
      actorId: null,
      action: 'credit.lapsed',
      targetType: 'order',
      targetId: credit.orderId,
      details: { creditId: credit.id, amountCents: credit.amountCents },
    })),
  );
}
