import { eq, inArray } from 'drizzle-orm';
import { orders, user } from '../db/schema';
import type { TxOrDb } from '../outbox/enqueue';

/** Orders with what their e-mails need, for orders whose customer still has an account. */
export function ordersWithRecipient(db: TxOrDb, orderIds: number[]) {
  return db
    .select({
      id: orders.id,
      planId: orders.planId,
      quantity: orders.quantity,
      totalCents: orders.totalCents,
      email: user.email,
    })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .where(inArray(orders.id, orderIds));
}
