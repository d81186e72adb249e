import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../../../domain/status';
import { recordActorAudit } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { emitOrderEvent } from '../../webhooks/emit';

/**
 * An admin cancels an order that was never paid (D5: pending_payment -> canceled). Money
 * taken is never "canceled": a paid or completed order is refunded, which also revokes its
 * panels. Canceling twice is harmless and records nothing the second time.
 */
export async function cancelOrder(
  db: Database,
  orderId: number,
  actor: Actor,
  now: Date,
): Promise<OrderStatus> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('No such order.');
    switch (order.status) {
      case 'canceled':
        return order.status;
      case 'paid':
      case 'completed':
        throw conflict(
          'This order is paid: paid and completed orders are refunded, not canceled.',
          'order_paid',
        );
      case 'refunded':
        throw conflict('This order was refunded; there is nothing to cancel.', 'order_refunded');
      case 'pending_payment':
        break;
    }
    await tx
      .update(orders)
      .set({ status: 'canceled', canceledAt: now, cancelReason: 'admin', updatedAt: now })
      .where(eq(orders.id, orderId));
    await emitOrderEvent(tx, 'order.canceled', orderId, now);
    await recordActorAudit(tx, actor, {
      action: 'order.canceled',
      targetType: 'order',
      targetId: orderId,
      details: { previousStatus: order.status },
    });
    return 'canceled';
  });
}
