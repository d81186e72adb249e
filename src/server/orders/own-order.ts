import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { notFound } from '../http/errors';

/** An order of the workspace, or 404: another workspace's order looks exactly like no order. */
export async function ownOrder(db: Database, orderId: number, workspaceId: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.workspaceId, workspaceId)));
  if (!order) throw notFound('No such order.');
  return order;
}
