import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { orders } from '../db/schema';
import type { OrderRow } from './result';

type Reader = Database | Tx;

/**
 * Panels of an order that would renew at its period end (docs/decisions/0017), as one SQL value
 * per row of a query from `orders`: the delivered panels neither canceled nor ended, and those
 * still owed (not yet delivered, nor ended and restocked), which renew like the rest. A panel replaced under the warranty
 * counts through its successor. The outer columns are spelt out: drizzle leaves them
 * unqualified in a one-table select, and inside this subquery a bare "id" would be the panel's.
 */
export const wouldRenewSql = sql<number>`(select
    count(*) filter (where r.status = 'sold' and not r.cancel_at_period_end and r.ended_at is null)
    + greatest(0, "orders"."quantity" - "orders"."restocked_panels" - count(*))
  from admin_panel_inventory r
  where r.order_id = "orders"."id" and r.retired_reason is null)::int`.mapWith(Number);

/** The same, none once the whole order is canceled at its period end. */
export const renewingPanelsSql = sql<number>`(case when "orders"."cancel_at_period_end" then 0
  else ${wouldRenewSql} end)`.mapWith(Number);

/** Panels that would renew, whatever the order's own flag says (it follows from this). */
export async function panelsThatWouldRenew(db: Reader, orderId: number): Promise<number> {
  const [row] = await db.select({ n: wouldRenewSql }).from(orders).where(eq(orders.id, orderId));
  return row?.n ?? 0;
}

/** Panels the order's next renewal pays for: none when the whole order is canceled. */
export async function renewingPanels(
  db: Reader,
  order: Pick<OrderRow, 'id' | 'cancelAtPeriodEnd'>,
): Promise<number> {
  return order.cancelAtPeriodEnd ? 0 : panelsThatWouldRenew(db, order.id);
}
