import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { recordAudits } from '../audit/audit';
import { accountCredits } from '../db/schema';
import type { TxOrDb } from '../outbox/enqueue';

/**
 * A credit is spent on its order's next renewal (docs/product.md §10). When the subscription
 * ends first (it expired, the order was refunded, the account was deleted) no renewal will
 * come, so its pending credit lapses, in the transaction that ends it. A Stripe credit not yet
 * sent is then never sent (stripe-credit.ts reads the status first).
 */
export async function lapsePendingCredits(
  tx: TxOrDb,
  ended: { orderId: number } | { orderIds: number[] },
): Promise<void> {
  if ('orderIds' in ended && ended.orderIds.length === 0) return;
  const scope: SQL =
    'orderId' in ended
      ? eq(accountCredits.orderId, ended.orderId)
      : inArray(accountCredits.orderId, ended.orderIds);
  const lapsed = await tx
    .update(accountCredits)
    .set({ status: 'lapsed' })
    .where(and(scope, eq(accountCredits.status, 'pending')))
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
