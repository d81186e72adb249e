import { dollars } from '../../lib/dollars';
import type { AdminOrder } from '../api/orders-api';

/**
 * The documented admin order columns (Order ID, User ID, Quantity, Total Price ($), Order Date,
 * Status), written exactly as the server's "Export all matching" writes them
 * (src/server/admin/orders/export.ts): the full timestamp and the real status, so files from
 * a selection and from the whole list line up in one spreadsheet.
 */
export function adminOrderCsvRows(orders: readonly AdminOrder[]) {
  return orders.map((order) => [
    order.id,
    order.customer?.id ?? '',
    order.quantity,
    dollars(order.totalCents),
    order.createdAt,
    order.status,
  ]);
}
