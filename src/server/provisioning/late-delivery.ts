import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { DELIVERY_HOURS } from '../../domain/constants';
import type { Config } from '../config';
import { grantLateDeliveryCredits } from '../credits/grant';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { enqueueOrderEmails } from '../outbox/order-recipients';
import { lateDeliveryMessage } from './late-delivery-emails';

const HOUR_MS = 3_600_000;

/**
 * Orders paid longer ago than this are never apologised to: a first start, or a sweep that
 * was down for a long time, must not mail customers about last year's orders.
 */
export const LATE_APOLOGY_LOOKBACK_MS = 7 * 24 * HOUR_MS;

/** Orders one sweep handles; the next minute's sweep takes the rest. */
const BATCH = 200;

/**
 * Queues one apology per order that broke the delivery promise (docs/product.md §10): still
 * waiting DELIVERY_HOURS after payment, or delivered later than that (the sweep may first see
 * it after its panels arrived). The mark and the e-mail are one transaction, so an order is
 * apologised to once however many instances sweep at the same time (rows taken with SKIP
 * LOCKED). Orders of deleted accounts are marked with no e-mail. With a
 * LATE_DELIVERY_CREDIT_PERCENT the mark also grants the credit on the next renewal.
 */
export async function apologizeForLateOrders(db: Database, config: Config, now: Date): Promise<number[]> {
  const promiseDue = new Date(now.getTime() - DELIVERY_HOURS * HOUR_MS);
  return db.transaction(async (tx) => {
    const late = await tx
      .select({
        id: orders.id,
        status: orders.status,
        paidAt: orders.paidAt,
        completedAt: orders.completedAt,
      })
      .from(orders)
      .where(
        and(
          isNull(orders.lateApologyAt),
          isNotNull(orders.paidAt),
          gte(orders.paidAt, new Date(now.getTime() - LATE_APOLOGY_LOOKBACK_MS)),
          lte(orders.paidAt, promiseDue),
          or(
            eq(orders.status, 'paid'),
            gt(orders.completedAt, sql`${orders.paidAt} + make_interval(hours => ${DELIVERY_HOURS})`),
          ),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (late.length === 0) return [];
    const ids = late.map((o) => o.id);
    await tx.update(orders).set({ lateApologyAt: now }).where(inArray(orders.id, ids));
    // The credit, when the operator grants one, is part of the same mark (docs/product.md §10).
    const credits = await grantLateDeliveryCredits(tx, config, ids);
    const lateById = new Map(late.map((o) => [o.id, o]));
    // The apology is about panels that came late, so it goes where panel news goes.
    await enqueueOrderEmails(tx, ids, 'panels', (row) => {
      const order = lateById.get(row.id);
      const deliveredAfterMs =
        order?.completedAt && order.paidAt ? order.completedAt.getTime() - order.paidAt.getTime() : null;
      return lateDeliveryMessage(config, row, deliveredAfterMs, credits.get(row.id));
    });
    return ids;
  });
}
