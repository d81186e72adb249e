import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, panelAdditions } from '../../db/schema';

/**
 * Marks the panel additions that can no longer be paid as expired: past their pay-by date, or
 * their order no longer in the period they were priced for (it ended, or a renewal started the
 * next one). Recording the money refuses them either way; this keeps the table saying so, so the
 * admin's lists and the customer's /billing need not work it out, and a new request is not held
 * up by one that lapsed. Returns how many lapsed.
 */
export async function lapseAdditions(db: Database, now: Date): Promise<number> {
  const lapsed = await db
    .update(panelAdditions)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(panelAdditions.status, 'pending'),
        or(
          lte(panelAdditions.expiresAt, now),
          sql`not exists (select 1 from ${orders} where ${orders.id} = ${panelAdditions.orderId} and ${orders.currentPeriodEnd} = ${panelAdditions.periodEnd})`,
        ),
      ),
    )
    .returning({ id: panelAdditions.id });
  return lapsed.length;
}
