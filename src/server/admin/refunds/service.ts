import { desc, eq, inArray } from 'drizzle-orm';
import { OPEN_REFUND_STATUSES, type RefundRequestStatus } from '../../../domain/status';
import type { Database } from '../../db/client';
import { orders, refundRequests, user } from '../../db/schema';

/** 'open' = everything not decided yet: waiting, being refunded, or failed and waiting for a retry. */
type RefundQueueFilter = RefundRequestStatus | 'open';

const QUEUE_LIMIT = 200;

function filterOf(status: RefundQueueFilter | undefined) {
  if (status === 'open') return inArray(refundRequests.status, OPEN_REFUND_STATUSES);
  return status ? eq(refundRequests.status, status) : undefined;
}

/** Refund requests, newest first, with the order and customer an admin decides on (D8). */
export async function listRefundRequests(db: Database, status: RefundQueueFilter | undefined) {
  return db
    .select({
      id: refundRequests.id,
      orderId: refundRequests.orderId,
      reason: refundRequests.reason,
      status: refundRequests.status,
      createdAt: refundRequests.createdAt,
      decidedAt: refundRequests.decidedAt,
      decisionNote: refundRequests.decisionNote,
      claimedAt: refundRequests.claimedAt,
      lastError: refundRequests.lastError,
      customerEmail: user.email,
      totalCents: orders.totalCents,
      paidAt: orders.paidAt,
    })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .leftJoin(user, eq(user.id, refundRequests.userId))
    .where(filterOf(status))
    .orderBy(desc(refundRequests.createdAt))
    .limit(QUEUE_LIMIT);
}
