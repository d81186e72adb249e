import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders, user } from '../db/schema';

/** Orders with what their e-mails need, for orders whose customer still has an account. */
export function ordersWithRecipient(db: Database, orderIds: number[]) {
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
