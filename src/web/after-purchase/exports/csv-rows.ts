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

/**
 * The columns an order and a payment share, in this order: its number, the day, how many panels,
 * the total in dollars and the status word the customer sees.
 */
function purchaseRow(id: number | string, date: string, count: number, cents: number, status: string) {
  return [id, isoDay(date), count, dollars(cents), status];
}

/** Order ID, Date, Quantity, Total ($), Status (the badge word the customer sees). */
export function orderCsvRows(orders: readonly MyOrder[]) {
  return orders.map((o) =>
    purchaseRow(o.id, o.createdAt, o.quantity, o.totalCents, orderBadge(o.status).label),
  );
}

/** Invoice, Date, Items, Total ($), Status ('Paid', 'processing', or honestly failed/refunded). */
export function purchaseHistoryCsvRows(history: readonly PaymentRecord[]) {
  return history.map((p) =>
    purchaseRow(p.invoice, p.date, p.items, p.amountCents, paymentBadge(p.status).label),
  );
}
