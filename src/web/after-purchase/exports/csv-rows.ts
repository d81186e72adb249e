import { orderBadge, panelBadge, paymentBadge } from '../../../domain/status';
import type { MyOrder } from '../../lib/api/my-orders-api';
import { isoDay } from '../../lib/dates';
import { dollars } from '../../lib/dollars';
import type { PaymentRecord } from '../api/billing-api';
import type { ActivePanel } from '../api/dashboard-api';

// One CSV record per item, in the column order of docs/product.md §3 (the headers live in
// src/domain/csv.ts). Escaping is encodeCsv's job; these only choose what each cell says.

/**
 * Panel ID, Email, Password, Purchase Date, Status, Capacity (Current/Max). Every panel must
 * have its password: a row with an empty one would look like a panel without a password.
 */
export function panelCsvRows(panels: readonly ActivePanel[], passwords: ReadonlyMap<number, string>) {
  return panels.map((panel) => {
    const password = passwords.get(panel.id);
    if (password === undefined) throw new Error(`No password was returned for panel ${panel.id}.`);
    return [
      panel.id,
      panel.email,
      password,
      panel.purchaseDate ? isoDay(panel.purchaseDate) : '',
      panelBadge(panel.status).label,
      `${panel.currentMailboxes}/${panel.maxMailboxes}`,
    ];
  });
}

/** Order ID, Date, Quantity, Total ($), Status (the badge word the customer sees). */
export function orderCsvRows(orders: readonly MyOrder[]) {
  return orders.map((order) => [
    order.id,
    isoDay(order.createdAt),
    order.quantity,
    dollars(order.totalCents),
    orderBadge(order.status).label,
  ]);
}

/** Invoice, Date, Items, Total ($), Status ('Paid', 'processing', or honestly failed/refunded). */
export function purchaseHistoryCsvRows(history: readonly PaymentRecord[]) {
  return history.map((payment) => [
    payment.invoice,
    isoDay(payment.date),
    payment.items,
    dollars(payment.amountCents),
    paymentBadge(payment.status).label,
  ]);
}
