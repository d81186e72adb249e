/**
 * The bench's data: customers, pending 5-panel orders and available stock, written in bulk
 * (the setup is not what is measured), and the read-back that judges an allocation.
 */
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../src/server/db/client';
import { orders, sandboxSessions, user } from '../../src/server/db/schema';
import { addStock } from '../../src/server/testing/inventory';
import { ensurePersonalWorkspace } from '../../src/server/workspaces/personal';

export const PANELS_PER_ORDER = 5;
const CUSTOMERS = 100;
const CHUNK = 500;

export interface PendingOrder {
  id: number;
  sessionId: string;
  totalCents: number;
}

/**
 * `count` pending sandbox orders of 5 panels, each with its open checkout session as
 * POST /api/checkout leaves it, shared among 100 customers (each in their personal workspace), inserted in id order so that a
 * higher id is a younger order; and `stock` available panels.
 */
export async function createWorld(
  { db }: DatabaseHandle,
  count: number,
  stock: number,
  panelKey: string,
): Promise<PendingOrder[]> {
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
    id: randomBytes(16).toString('hex'),
    email: `bench-customer-${i}@example.com`,
    name: `Bench customer ${i}`,
    emailVerified: true,
  }));
  await db.insert(user).values(customers);
  // Each with the personal workspace every account has: their orders land there (by the
  // orders' trigger) and its owner gets the order mail, as in production.
  for (const customer of customers) await ensurePersonalWorkspace(db, customer.id);

  const made: PendingOrder[] = [];
  for (let from = 0; from < count; from += CHUNK) {
    const batch = Array.from({ length: Math.min(CHUNK, count - from) }, (_, i) => ({
      userId: customers[(from + i) % CUSTOMERS]?.id ?? null,
      planId: 'pro',
      quantity: PANELS_PER_ORDER,
      additionalPanels: 0,
      totalCents: 50_000,
      status: 'pending_payment' as const,
      paymentMethod: 'card',
      provider: 'sandbox',
      providerSessionId: `cs_sandbox_${randomBytes(8).toString('hex')}`,
    }));
    const rows = await db
      .insert(orders)
      .values(batch)
      .returning({ id: orders.id, sessionId: orders.providerSessionId, totalCents: orders.totalCents });
    for (const row of rows)
      made.push({ id: row.id, sessionId: row.sessionId ?? '', totalCents: row.totalCents });
  }
  made.sort((a, b) => a.id - b.id);
  for (let from = 0; from < made.length; from += CHUNK) {
    await db
      .insert(sandboxSessions)
      .values(
        made
          .slice(from, from + CHUNK)
          .map((o) => ({ id: o.sessionId, orderId: o.id, amountCents: o.totalCents })),
      );
  }
  await addStock(db, stock, { prefix: 'bench', key: panelKey });
  return made;
}

export interface Outcome {
  /** Orders by status. */
  byStatus: Record<string, number>;
  /** Completed orders holding other than exactly their quantity of sold panels. */
  completedShort: number;
  /** Orders holding more panels than they bought. */
  overfilled: number;
  /** Sold panels with no order, or whose sold_to or workspace is not their order's. */
  misassigned: number;
  /**
   * Panels missing from the count a clean allocation gives: every completed order's quantity
   * minus the sold panels they hold. A panel handed to a second order leaves the first short,
   * since a panel row names one order.
   */
  soldTwice: number;
  /** Waiting (paid) orders that hold a panel although stock ran out exactly on an order boundary. */
  waitingWithPanels: number;
  soldPanels: number;
  availablePanels: number;
  payments: number;
  /** Order ids by status, ascending. */
  completedIds: number[];
  waitingIds: number[];
}

interface OrderRow {
  id: number;
  status: string;
  quantity: number;
  held: number;
  wrong_owner: number;
}

/** Reads the result back from the database, from the rows alone. */
export async function readOutcome(handle: DatabaseHandle): Promise<Outcome> {
  const { rows } = await handle.query<OrderRow>(`
    select o.id, o.status, o.quantity,
      count(p.id) filter (where p.status = 'sold')::int as held,
      count(p.id) filter (where p.status = 'sold' and (p.sold_to is distinct from o.user_id
        or p.workspace_id is distinct from o.workspace_id))::int as wrong_owner
    from orders o left join admin_panel_inventory p on p.order_id = o.id
    group by o.id order by o.id`);
  const [panelRow] = (
    await handle.query<{ sold: number; available: number; orphans: number }>(`
      select count(*) filter (where status = 'sold')::int as sold,
        count(*) filter (where status = 'available')::int as available,
        count(*) filter (where status = 'sold' and (order_id is null or sold_to is null))::int as orphans
      from admin_panel_inventory`)
  ).rows;
  const [paymentRow] = (await handle.query<{ n: number }>('select count(*)::int as n from payments')).rows;

  const byStatus: Record<string, number> = {};
  for (const row of rows) byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
  const completed = rows.filter((row) => row.status === 'completed');
  const waiting = rows.filter((row) => row.status === 'paid');
  return {
    byStatus,
    completedShort: completed.filter((row) => row.held !== row.quantity).length,
    overfilled: rows.filter((row) => row.held > row.quantity).length,
    misassigned: rows.reduce((sum, row) => sum + row.wrong_owner, 0) + (panelRow?.orphans ?? 0),
    soldTwice: completed.reduce((sum, row) => sum + Math.max(0, row.quantity - row.held), 0),
    waitingWithPanels: waiting.filter((row) => row.held > 0).length,
    soldPanels: panelRow?.sold ?? 0,
    availablePanels: panelRow?.available ?? 0,
    payments: paymentRow?.n ?? 0,
    completedIds: completed.map((row) => row.id),
    waitingIds: waiting.map((row) => row.id),
  };
}
