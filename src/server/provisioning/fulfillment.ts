import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import { emitOrdersCompleted } from '../webhooks/emit';

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
 * The whole line of waiting orders is served in one statement, so a burst of payments costs
 * a few statements, not two per order (bench/allocation).
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

    // Each order's place in the line of panels: panels from..to of the oldest available ones.
    // The first order the stock cannot cover takes what is left; younger ones keep waiting
    // rather than jumping the queue.
    const line: { id: number; userId: string | null; from: number; to: number }[] = [];
    let taken = 0;
    for (const order of waiting) {
      const need = Math.max(0, order.quantity - order.assigned);
      line.push({ id: order.id, userId: order.user_id, from: taken + 1, to: taken + need });
      taken += need;
    }
    const given =
      taken === 0
        ? []
        : rowsOf<{ order_id: number }>(
            await tx.execute(sql`
          with stock as (
            select id from admin_panel_inventory
            where status = 'available'
            order by id
            limit ${taken}
            for update skip locked
          ), numbered as (
            select id, row_number() over (order by id) as n from stock
          ), line as (
            select * from jsonb_to_recordset(${JSON.stringify(line)}::jsonb)
              as l(id int, "userId" text, "from" int, "to" int)
          )
          update admin_panel_inventory p
          set status = 'sold', sold_to = line."userId", order_id = line.id,
              purchase_date = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          from numbered join line on numbered.n between line."from" and line."to"
          where p.id = numbered.id
          returning line.id as order_id`),
          );
    const givenTo = new Map<number, number>();
    for (const row of given) givenTo.set(row.order_id, (givenTo.get(row.order_id) ?? 0) + 1);

    const filled: FilledOrder[] = [];
    for (const order of waiting) {
      const assignedNow = givenTo.get(order.id) ?? 0;
      const completed = order.assigned + assignedNow >= order.quantity;
      if (assignedNow > 0 || completed) {
        filled.push({ orderId: order.id, userId: order.user_id, assignedNow, completed });
      }
      if (!completed) break;
    }
    const done = filled.filter((f) => f.completed).map((f) => f.orderId);
    if (done.length > 0) {
      await tx.execute(sql`
        update orders set status = 'completed', completed_at = ${now.toISOString()}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz
        where id in (select value::int from jsonb_array_elements_text(${JSON.stringify(done)}::jsonb))`);
      await emitOrdersCompleted(tx, done, now);
      await effects.onCompleted?.(tx, done);
    }
    return filled;
  });
}
