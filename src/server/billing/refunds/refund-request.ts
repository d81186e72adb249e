import { and, eq, inArray } from 'drizzle-orm';
import { REFUND_WINDOW_DAYS } from '../../../domain/constants';
import { OPEN_REFUND_STATUSES } from '../../../domain/status';
import { recordAudit } from '../../audit/audit';
import type { Database, Tx } from '../../db/client';
import { refundRequests } from '../../db/schema';
import { conflict } from '../../http/errors';
import { ownOrder } from '../../orders/own-order';
import { emitRefundEvent } from '../../webhooks/emit';
import { withinRefundWindow } from './refund-rules';

export interface RefundRequestEffects {
  /** Runs in the request's transaction (the operators' 'refund requested' alert). */
  onRequested?(tx: Tx, request: typeof refundRequests.$inferSelect): Promise<void>;
}

export async function requestRefund(
  db: Database,
  input: {
    orderId: number;
    userId: string;
    workspaceId: string;
    reason: string;
    now: Date;
    ip: string | null;
  },
  effects: RefundRequestEffects = {},
) {
  return db.transaction(async (tx) => {
    const order = await ownOrder(tx, input.orderId, input.workspaceId, { forUpdate: true });
    if (order.status !== 'paid' && order.status !== 'completed') {
      throw conflict('Only a paid order can be refunded.', 'not_refundable');
    }
    if (!withinRefundWindow(order.paidAt, input.now)) {
      throw conflict(
        `Refunds are available within ${REFUND_WINDOW_DAYS} days of purchase; this order is older. There are no pro-rated refunds.`,
        'refund_window_closed',
      );
    }
    const [open] = await tx
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(and(eq(refundRequests.orderId, order.id), inArray(refundRequests.status, OPEN_REFUND_STATUSES)));
    if (open)
      throw conflict(
        'A refund request for this order is already waiting for review.',
        'refund_already_requested',
      );
    const [created] = await tx
      .insert(refundRequests)
      .values({
        orderId: order.id,
        userId: input.userId,
        reason: input.reason,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    await recordAudit(tx, {
      actorId: input.userId,
      action: 'refund.requested',
      targetType: 'order',
      targetId: order.id,
      ip: input.ip,
    });
    if (!created) throw new Error('refund request insert returned nothing');
    await emitRefundEvent(tx, 'refund.requested', created.id, input.now);
    await effects.onRequested?.(tx, created);
    return created;
  });
}
