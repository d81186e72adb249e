import { and, eq } from 'drizzle-orm';
import type { CancelReason } from '../../domain/cancel-reasons';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { emitOrderEvent } from '../webhooks/emit';

/**
 * Cancels an order that is still waiting for payment, with the reason the customer reads. The
 * status check is part of the update: an order paid or canceled meanwhile keeps its status and
 * sends no second event.
 */
export async function cancelUnpaidOrder(
  db: Database,
  orderId: number,
  reason: CancelReason,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const canceled = await tx
      .update(orders)
      .set({ status: 'canceled', canceledAt: at, cancelReason: reason, updatedAt: at })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
      .returning({ id: orders.id });
    if (canceled.length > 0) await emitOrderEvent(tx, 'order.canceled', orderId, at);
  });
}
