import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { notFound } from '../http/errors';

/** A customer's own order, or 404: another customer's order looks exactly like no order. */
export async function ownOrder(db: Database, orderId: number, userId: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('No such order.');
  return order;
}
