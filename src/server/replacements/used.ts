import { sql } from 'drizzle-orm';
import { orders, panels, replacementRequests } from '../db/schema';

/**
 * How many times the panel of a row of `panels` (in a query from that table) in its place was replaced in its order's current period,
 * as one SQL value per row: the rule reportProblem (./service.ts) refuses by. The place is
 * the panel first sold there (a successor names it as its origin, within the same order);
 * the period starts at the order's current period start, or its payment.
 */
export function replacementsUsedInPeriod() {
  const r = sql.raw('used_r');
  const first = sql.raw('first_r');
  // Named with their table: bare, the subqueries would read their own id and order_id.
  const panelId = sql`${panels}.${sql.identifier(panels.id.name)}`;
  const orderId = sql`${panels}.${sql.identifier(panels.orderId.name)}`;
  return sql<number>`(
    select count(*)::int from ${replacementRequests} as ${r}
    where ${r}.origin_panel_id = coalesce(
        (select ${first}.origin_panel_id from ${replacementRequests} as ${first}
         where ${first}.new_panel_id = ${panelId} and ${first}.order_id = ${orderId}
         order by ${first}.id limit 1),
        ${panelId})
      and ${r}.status = 'replaced'
      and ${r}.decided_at >= (
        select coalesce(${orders.currentPeriodStart}, ${orders.paidAt}, 'epoch'::timestamptz)
        from ${orders} where ${orders.id} = ${orderId})
  )`.mapWith(Number);
}
