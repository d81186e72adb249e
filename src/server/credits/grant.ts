import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import type { Config } from '../config';
import { accountCredits, orders, outboxMessages } from '../db/schema';
import type { TxOrDb } from '../outbox/enqueue';

export interface GrantedCredit {
  id: number;
  orderId: number;
  amountCents: number;
  percent: number;
}

/** What one late order is credited: a share of its monthly price, rounded down to the cent. */
export function lateCreditCents(renewalCents: number, percent: number): number {
  return Math.floor((renewalCents * percent) / 100);
}

/**
 * Grants the late-delivery credit (docs/product.md §10) to the orders just marked apologised,
 * in the caller's transaction. The unique (order, reason) index keeps it to one per order
 * whatever runs twice. A Stripe order's credit also gets its outbox row, which the delivery
 * sweep sends as a customer balance (stripe-credit.ts). Returns the credits by order id.
 */
export async function grantLateDeliveryCredits(
  tx: TxOrDb,
  config: Config,
  orderIds: number[],
): Promise<Map<number, GrantedCredit>> {
  const percent = config.lateDeliveryCreditPercent;
  const granted = new Map<number, GrantedCredit>();
  if (percent <= 0 || orderIds.length === 0) return granted;
  const rows = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      totalCents: orders.totalCents,
      provider: orders.provider,
    })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  for (const order of rows) {
    const amountCents = lateCreditCents(order.totalCents, percent);
    if (amountCents <= 0) continue;
    const [credit] = await tx
      .insert(accountCredits)
      .values({ userId: order.userId, orderId: order.id, amountCents, percent, reason: 'late_delivery' })
      .onConflictDoNothing()
      .returning({ id: accountCredits.id });
    if (!credit) continue;
    granted.set(order.id, { id: credit.id, orderId: order.id, amountCents, percent });
    if (order.provider === 'stripe') {
      await tx.insert(outboxMessages).values({ kind: 'stripe_credit', payload: { creditId: credit.id } });
    }
    await recordAudit(tx, {
      actorId: null,
      action: 'credit.granted',
      targetType: 'order',
      targetId: order.id,
      details: { creditId: credit.id, amountCents, percent, reason: 'late_delivery' },
    });
  }
  return granted;
}

/** The order's credit still waiting for its renewal, locked for the caller's transaction. */
export async function pendingCreditTx(tx: TxOrDb, orderId: number) {
  const [credit] = await tx
    .select()
    .from(accountCredits)
    .where(and(eq(accountCredits.orderId, orderId), eq(accountCredits.status, 'pending')))
    .for('update');
  return credit;
}

/** The pending credit of each of these orders in cents (absent when none), read in one query. */
export async function pendingCreditsOf(db: TxOrDb, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: accountCredits.orderId, amountCents: accountCredits.amountCents })
    .from(accountCredits)
    .where(and(inArray(accountCredits.orderId, orderIds), eq(accountCredits.status, 'pending')));
  return new Map(rows.map((row) => [row.orderId, row.amountCents]));
}

/** The order's pending credit in cents (0 when none), for what a page says is due. */
export async function pendingCreditCents(db: TxOrDb, orderId: number): Promise<number> {
  return (await pendingCreditsOf(db, [orderId])).get(orderId) ?? 0;
}
