import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';

/** Serialises every allocation across all app instances (one PostgreSQL advisory lock). */
const ALLOCATION_LOCK = 72_410_312;

export interface FilledOrder {
  orderId: number;
  userId: string | null;
  assignedNow: number;
  completed: boolean;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface FillEffects {
  /** Runs in the allocation's transaction with the orders it completed (the panels-ready e-mail). */
  onCompleted?(tx: Tx, orderIds: number[]): Promise<void>;
}

interface WaitingOrder {
  id: number;
  user_id: string | null;
  quantity: number;
  assigned: number;
}

/**
 * Gives available panels to paid orders that still miss some, oldest order first and,
 * within the stock, oldest panel first (D7). Each panel goes to one order only: the whole
 * sweep holds a transaction-level advisory lock and the panels are taken with row locks.
 * A paid order is its own durable record of the work left, so a sweep after a crash or a
 * restart finishes whatever was interrupted; running it twice changes nothing.
 */
export async function fillWaitingOrders(
  db: Database,
  now: Date = new Date(),
  effects: FillEffects = {},
): Promise<FilledOrder[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ALLOCATION_LOCK})`);
    const waiting = rowsOf<WaitingOrder>(
      await tx.execute(sql`
      select o.id, o.user_id, o.quantity,
        (select count(*)::int from admin_panel_inventory p where p.order_id = o.id) as assigned
      from orders o
      where o.status = 'paid'
      order by o.paid_at nulls last, o.id
      for update of o`),
    );

    const filled: FilledOrder[] = [];
    for (const order of waiting) {
      const need = order.quantity - order.assigned;
      let assignedNow = 0;
      if (need > 0) {
        const taken = rowsOf<{ id: number }>(
          await tx.execute(sql`
          update admin_panel_inventory
          set status = 'sold', sold_to = ${order.user_id}, order_id = ${order.id},
              purchase_date = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          where id in (
            select id from admin_panel_inventory
            where status = 'available'
            order by id
            limit ${need}
            for update skip locked
          )
          returning id`),
        );
        assignedNow = taken.length;
      }
      const completed = order.assigned + assignedNow >= order.quantity;
      if (completed) {
        await tx.execute(sql`
          update orders set status = 'completed', completed_at = ${now.toISOString()}::timestamptz,
            updated_at = ${now.toISOString()}::timestamptz
          where id = ${order.id}`);
      }
      if (assignedNow > 0 || completed) {
        filled.push({ orderId: order.id, userId: order.user_id, assignedNow, completed });
      }
      // Stock is gone: younger orders keep waiting rather than jumping the queue.
      if (!completed) break;
    }
    const done = filled.filter((f) => f.completed).map((f) => f.orderId);
    if (done.length > 0) await effects.onCompleted?.(tx, done);
    return filled;
  });
}
