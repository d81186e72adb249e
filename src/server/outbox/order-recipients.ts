import { eq, inArray } from 'drizzle-orm';
import { orders, user } from '../db/schema';
import type { TxOrDb } from './enqueue';

/**
 * The orders named, with what the e-mails about them say and their customer's address (null
 * once the account is gone: an operator alert still names the order).
 */
export function ordersWithCustomer(db: TxOrDb, orderIds: number[]) {
  return db
    .select({
      id: orders.id,
      planId: orders.planId,
      quantity: orders.quantity,
      totalCents: orders.totalCents,
      paymentMethod: orders.paymentMethod,
      createdAt: orders.createdAt,
      currentPeriodEnd: orders.currentPeriodEnd,
      customerEmail: user.email,
    })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(inArray(orders.id, orderIds));
}

/** The same, for e-mails to the customer: only orders whose customer still has an account. */
export async function ordersWithRecipient(db: TxOrDb, orderIds: number[]) {
  const rows = await ordersWithCustomer(db, orderIds);
  return rows.flatMap(({ customerEmail, ...order }) =>
    customerEmail === null ? [] : [{ ...order, email: customerEmail }],
  );
}
