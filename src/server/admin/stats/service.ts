import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, panels } from '../../db/schema';
import { backlog } from '../../provisioning/backlog';
import { availableStock } from '../fulfillment/queue';
import { countMatches, type Total } from '../paging';

const figure = (t: Total) => ({ value: t.total, exact: !t.totalIsEstimate });

/**
 * The /admin stat cards (Total Panels = available stock, Active Panels = sold, Total Orders
 * = completed) and what an operator acts on: orders waiting for panels and the shortfall.
 * Card counts are exact up to 10,000 and estimated above (see paging.ts); the backlog is exact.
 */
export async function adminStats(db: Database) {
  const [available, sold, completed, waiting] = await Promise.all([
    availableStock(db),
    countMatches(db, { from: sql`${panels}`, where: eq(panels.status, 'sold') }),
    countMatches(db, { from: sql`${orders}`, where: eq(orders.status, 'completed') }),
    backlog(db),
  ]);
  return {
    totalPanels: figure(available),
    activePanels: figure(sold),
    totalOrders: figure(completed),
    ...waiting,
  };
}
