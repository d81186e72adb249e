import { and, desc, lt } from 'drizzle-orm';
import { ADMIN_ORDERS_COLUMNS } from '../../../domain/csv';
import { recordActorAudit } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { EXPORT_BATCH_SIZE, openCsvExport } from '../csv-stream';
import { type OrderFilter, orderWhere } from './filter';

/** Cents as the documented 'Total Price ($)' column reads them: 2000.00. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Every order matching the filter, newest first by order number (a key that never ties,
 * which keyset batches need): Order ID, User ID, Quantity, Total Price ($), Order Date,
 * Status (the real lifecycle status).
 */
export async function exportOrders(db: Database, filter: OrderFilter, actor: Actor) {
  const where = orderWhere(filter);
  const chunks = await openCsvExport({
    header: ADMIN_ORDERS_COLUMNS,
    batch: (afterId) =>
      db
        .select({
          id: orders.id,
          userId: orders.userId,
          quantity: orders.quantity,
          totalCents: orders.totalCents,
          createdAt: orders.createdAt,
          status: orders.status,
        })
        .from(orders)
        .where(afterId === null ? where : and(where, lt(orders.id, afterId)))
        .orderBy(desc(orders.id))
        .limit(EXPORT_BATCH_SIZE),
    idOf: (row) => row.id,
    fields: (row) => [row.id, row.userId, row.quantity, dollars(row.totalCents), row.createdAt, row.status],
  });
  await recordActorAudit(db, actor, {
    action: 'orders.exported',
    targetType: 'order',
    details: { scope: 'all matching', search: filter.search ?? null, status: filter.status ?? null },
  });
  return chunks;
}
