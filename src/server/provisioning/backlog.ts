import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { countUpTo, type Source } from '../db/counting';
import { orders, panels } from '../db/schema';
import type { TxOrDb } from '../outbox/enqueue';

/**
 * Panels handed to an order so far, whatever became of them since, except one replaced under
 * the warranty (docs/product.md §11): its successor holds its place and is counted instead.
 * One that ended on the order and went back to stock still counts (`restocked_panels`).
 * The outer columns are spelt out: drizzle leaves columns unqualified in a one-table select,
 * and an unqualified "id" inside this subquery would silently mean the panel's id.
 */
export const deliveredCount = sql<number>`("orders"."restocked_panels" + (select count(*)::int
  from admin_panel_inventory d where d.order_id = "orders"."id" and d.retired_reason is null))`;

/** Stock that allocation can hand out. */
export const availableSource: Source = { from: sql`${panels}`, where: eq(panels.status, 'available') };

export interface Backlog {
  /** Paid orders still missing panels. */
  waitingOrders: number;
  /** Panels those orders, and replacements an admin approved, still need. */
  panelsNeeded: number;
  /** How many of those the available stock cannot cover. */
  panelsShort: number;
}

/**
 * What waiting orders need and whether stock covers it (exact, however large the stock).
 * Also read inside the operator alerts' transaction (alerts/sweep.ts).
 */
export async function backlog(db: TxOrDb): Promise<Backlog> {
  const [totals] = rowsOf<{ orders: number; needed: number }>(
    await db.execute(sql`
      select count(*)::int as orders, coalesce(sum(w.missing), 0)::int as needed
      from (select ${orders.quantity} - ${deliveredCount} as missing from ${orders}
            where ${orders.status} = 'paid') w
      where w.missing > 0`),
  );
  const [replacing] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from replacement_requests
      where status = 'open' and approved_at is not null`),
  );
  const needed = Number(totals?.needed ?? 0) + Number(replacing?.n ?? 0);
  // Counting up to what is needed answers "is there enough?" exactly without counting all stock.
  const available = needed > 0 ? await countUpTo(db, availableSource, needed) : 0;
  return {
    waitingOrders: Number(totals?.orders ?? 0),
    panelsNeeded: needed,
    panelsShort: Math.max(0, needed - available),
  };
}
