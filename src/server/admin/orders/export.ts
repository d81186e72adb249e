import { ADMIN_ORDERS_COLUMNS } from '../../../domain/csv';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { exportAllMatching } from '../csv-stream';
import { type OrderFilter, orderWhere } from './filter';

/** Cents as the documented 'Total Price ($)' column reads them: 2000.00. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Every order matching the filter, newest first by order number: Order ID, User ID, Quantity,
 * Total Price ($), Order Date, Status (the real lifecycle status).
 */
export function exportOrders(db: Database, filter: OrderFilter, actor: Actor) {
  return exportAllMatching(db, actor, {
    kind: 'orders',
    header: ADMIN_ORDERS_COLUMNS,
    table: orders,
    columns: {
      id: orders.id,
      userId: orders.userId,
      quantity: orders.quantity,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      status: orders.status,
    },
    where: orderWhere(filter),
    fields: (row) => [row.id, row.userId, row.quantity, dollars(row.totalCents), row.createdAt, row.status],
    audit: { action: 'orders.exported', targetType: 'order' },
    filter,
  });
}
