import { asc, eq, sql } from 'drizzle-orm';
import { DELIVERY_HOURS } from '../../../domain/constants';
import type { Database } from '../../db/client';
import { orders, user } from '../../db/schema';
import { availableSource, backlog, deliveredCount } from '../../provisioning/backlog';
import { countMatches, type Total } from '../paging';

/** The queue lists this many orders; the totals always cover every waiting order. */
const QUEUE_LIMIT = 500;
const DELIVERY_MS = DELIVERY_HOURS * 3_600_000;

export function availableStock(db: Database): Promise<Total> {
  return countMatches(db, availableSource);
}

/**
 * Paid orders still missing panels, oldest payment first (the order allocation serves them
 * in), each against the 6-hour delivery promise (D7), with the stock level beside them.
 */
export async function fulfillmentQueue(db: Database, now: Date) {
  const [rows, totals, available] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        customerId: user.id,
        customerEmail: user.email,
        planId: orders.planId,
        quantity: orders.quantity,
        delivered: deliveredCount,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .leftJoin(user, eq(user.id, orders.userId))
      .where(sql`${orders.status} = 'paid' and ${deliveredCount} < ${orders.quantity}`)
      .orderBy(sql`${orders.paidAt} asc nulls last`, asc(orders.id))
      .limit(QUEUE_LIMIT),
    backlog(db),
    availableStock(db),
  ]);

  const entries = rows.map((row) => {
    const paidAt = row.paidAt ?? row.createdAt;
    const deadline = new Date(paidAt.getTime() + DELIVERY_MS);
    const secondsLeft = Math.floor((deadline.getTime() - now.getTime()) / 1000);
    return {
      orderId: row.orderId,
      customer: row.customerId && row.customerEmail ? { id: row.customerId, email: row.customerEmail } : null,
      planId: row.planId,
      quantity: row.quantity,
      delivered: Number(row.delivered),
      missing: row.quantity - Number(row.delivered),
      paidAt,
      deadline,
      secondsLeft,
      breached: secondsLeft < 0,
    };
  });

  const warning =
    totals.panelsShort > 0
      ? `Stock is short: waiting orders need ${totals.panelsNeeded} panels and only ${totals.panelsNeeded - totals.panelsShort} are available. Add or import ${totals.panelsShort} more.`
      : null;
  return { entries, ...totals, available, warning };
}
