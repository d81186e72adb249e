import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { carryPanelBillingTx } from '../lifecycle/panel-moves';
import { backlog } from './backlog';
import { ALLOCATION_LOCK } from './fulfillment';

/**
 * Gives `count` available panels to a running order at once, or none (null) when the stock
 * cannot cover them after what paid orders and approved replacements are already waiting for:
 * panels added to a subscription never jump that line. Under the allocation's own lock and row
 * locks, so no panel goes to two orders (D7); the panels renew as their order does.
 */
export async function takeStockTx(
  tx: Tx,
  order: { id: number; userId: string },
  count: number,
  now: Date,
): Promise<number[] | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ALLOCATION_LOCK})`);
  const { panelsNeeded } = await backlog(tx);
  const taken = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with stock as (
        select id from admin_panel_inventory
        where status = 'available'
        order by id
        limit ${panelsNeeded + count}
        for update skip locked
      ), mine as (
        select id from stock order by id offset ${panelsNeeded}
      )
      update admin_panel_inventory p
      set status = 'sold', sold_to = ${order.userId}, order_id = ${order.id},
          purchase_date = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      from mine
      where p.id = mine.id and (select count(*) from mine) = ${count}
      returning p.id`),
  ).map((row) => Number(row.id));
  if (taken.length !== count) return null;
  await carryPanelBillingTx(
    tx,
    taken.map((panelId) => ({ panelId, fromPanelId: null })),
  );
  return taken.sort((a, b) => a - b);
}
