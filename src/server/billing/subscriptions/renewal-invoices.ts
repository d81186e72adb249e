import { and, eq, gt, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import { RENEWAL_INVOICE_DAYS } from '../../../domain/manual-renewal';
import type { Database, Tx } from '../../db/client';
import { orders } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;

/** Orders invoiced per round; the next round takes the rest. */
const BATCH = 500;

/**
 * Bank transfer and crypto subscriptions renew only when the customer pays (D8), so each
 * is invoiced RENEWAL_INVOICE_DAYS before its period ends, once per period: the order
 * remembers the period end it was invoiced for (`renewal_invoice_for`), and a recorded
 * renewal moves the period end on, which makes the next period due for its own invoice.
 * A period that already ended is not invoiced: the subscription sweep makes it past due and
 * says so. Driven by the rows and the clock like the other sweeps, safe on any instance.
 */
export async function runRenewalInvoiceSweep(
  db: Database,
  now: Date,
  effects: { onInvoiced?(tx: Tx, invoiced: OrderRow[]): Promise<void> } = {},
): Promise<OrderRow[]> {
  const horizon = new Date(now.getTime() + RENEWAL_INVOICE_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.provider, 'manual'),
          eq(orders.subscriptionStatus, 'active'),
          inArray(orders.status, ['paid', 'completed']),
          eq(orders.cancelAtPeriodEnd, false),
          gt(orders.currentPeriodEnd, now),
          lte(orders.currentPeriodEnd, horizon),
          or(isNull(orders.renewalInvoiceFor), ne(orders.renewalInvoiceFor, orders.currentPeriodEnd)),
        ),
      )
      .orderBy(orders.currentPeriodEnd)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const order of due) {
      await tx
        .update(orders)
        .set({ renewalInvoiceFor: order.currentPeriodEnd, updatedAt: now })
        .where(eq(orders.id, order.id));
    }
    if (due.length > 0) await effects.onInvoiced?.(tx, due);
    return due;
  });
}
