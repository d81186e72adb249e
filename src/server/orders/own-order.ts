import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { orders } from '../db/schema';
import { notFound } from '../http/errors';

/**
 * An order of the workspace, or 404: another workspace's order looks exactly like no order.
 * `forUpdate` locks its row for the rest of the caller's transaction.
 */
export async function ownOrder(
  db: Database | Tx,
  orderId: number,
  workspaceId: string,
  { forUpdate = false } = {},
) {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.workspaceId, workspaceId)));
  const [order] = forUpdate ? await query.for('update') : await query;
  if (!order) throw notFound('No such order.');
  return order;
}
