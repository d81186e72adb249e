import type { OrderStatus } from '../../../domain/status';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { cancelUnpaidOrderTx } from '../../lifecycle/order-moves';

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
    const moved = await cancelUnpaidOrderTx(tx, orderId, 'admin', {
      cause: 'admin',
      at: now,
      audit: { actor, details: { previousStatus: 'pending_payment' } },
    });
    if (moved.ok) return 'canceled';
    if (moved.reason === 'not_found') throw notFound('No such order.');
    switch (moved.order.status) {
      case 'paid':
      case 'completed':
        throw conflict(
          'This order is paid: paid and completed orders are refunded, not canceled.',
          'order_paid',
        );
      case 'refunded':
        throw conflict('This order was refunded; there is nothing to cancel.', 'order_refunded');
      default:
        return moved.order.status;
    }
  });
}
