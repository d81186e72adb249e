import { and, eq, inArray, sum } from 'drizzle-orm';
import { lapsePendingCredits } from '../../credits/lapse';
import type { Tx } from '../../db/client';
import { panels, payments } from '../../db/schema';
import type { AuditInput } from '../../lifecycle/emit';
import { refundOrderTx } from '../../lifecycle/order-moves';
import { closeRequestsOfEndedPanels } from '../../replacements/close';

/**
 * Moves the order's money and its records to refunded: the payments given (completed ones
 * only), the order (once: `refunded_at` keeps the first time), its subscription in our
 * records, and its panels (retired; gone from the customer's list); its open replacement
 * requests close and a credit waiting for its next renewal lapses. Safe to run again: an
 * approval finishing after the provider's `charge.refunded` already closed the order
 * changes nothing more.
 */
export async function closeRefundedOrderTx(
  tx: Tx,
  orderId: number,
  paymentIds: number[],
  now: Date,
  by: { cause: 'admin' | 'provider'; audit?: AuditInput } = { cause: 'admin' },
) {
  if (paymentIds.length > 0) {
    await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: now })
      .where(and(inArray(payments.id, paymentIds), eq(payments.status, 'completed')));
  }
  // Refunded already: the order and its subscription stay as the first refund left them.
  await refundOrderTx(tx, orderId, { ...by, at: now });
  await tx
    .update(panels)
    .set({ status: 'retired', updatedAt: now })
    .where(and(eq(panels.orderId, orderId), inArray(panels.status, ['sold', 'expired'])));
  await closeRequestsOfEndedPanels(tx, [orderId], now);
  await lapsePendingCredits(tx, [orderId]);
}

/** The money of the order's refunded payments, in cents. */
export async function refundedCents(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sum(payments.amountCents) })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'refunded')));
  return Number(row?.total ?? 0);
}
