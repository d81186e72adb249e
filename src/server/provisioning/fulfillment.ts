import { sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../db/client';
import { completeOrdersTx } from '../lifecycle/order-moves';
import { carryPanelBillingTx } from '../lifecycle/panel-moves';
import { completeReplacements, type WaitingReplacement, waitingReplacements } from '../replacements/fill';

/** Serialises every allocation across all app instances (one PostgreSQL advisory lock). */
export const ALLOCATION_LOCK = 72_410_312;

export interface FilledOrder {
  orderId: number;
  userId: string | null;
  assignedNow: number;
  completed: boolean;
}

export interface FillEffects {
  /** Runs in the allocation's transaction with the orders it completed (the panels-ready e-mail). */
  onCompleted?(tx: Tx, orderIds: number[]): Promise<void>;
  /** Runs in the same transaction with the replacement requests it filled (their e-mail). */
  onReplaced?(tx: Tx, requestIds: number[]): Promise<void>;
}

interface WaitingOrder {
  id: number;
  user_id: string | null;
  quantity: number;
  assigned: number;
  paid_at: string | Date | null;
}

/** One place in the line: an order's missing panels, or an approved replacement's one panel. */
type Waiting = { kind: 'order'; order: WaitingOrder } | { kind: 'replacement'; request: WaitingReplacement };

const timeOf = (w: Waiting) => {
  const at = w.kind === 'order' ? w.order.paid_at : w.request.created_at;
  return at === null ? Number.POSITIVE_INFINITY : new Date(at).getTime();
};

/**
 * Gives available panels to paid orders that still miss some and to approved replacement
 * requests, oldest first and, within the stock, oldest panel first (D7). Each panel goes to one order only: the whole
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
      select o.id, o.user_id, o.quantity, o.paid_at,
        o.restocked_panels + (select count(*)::int from admin_panel_inventory p
         where p.order_id = o.id and p.retired_reason is null) as assigned
      from orders o
      where o.status = 'paid'
      order by o.paid_at nulls last, o.id
      for update of o`),
    );

    // Approved replacement requests share the stock with waiting orders, oldest first
    // (docs/product.md §11): an order by its payment, a request by its report.
    const requests = await waitingReplacements(tx);
    const queue: Waiting[] = [
      ...waiting.map((order): Waiting => ({ kind: 'order', order })),
      ...requests.map((request): Waiting => ({ kind: 'replacement', request })),
    ].sort((a, b) => timeOf(a) - timeOf(b));

    // Each place in the line of panels: panels from..to of the oldest available ones.
    // The first order the stock cannot cover takes what is left; younger ones keep waiting
    // rather than jumping the queue.
    const line: { key: string; orderId: number; userId: string | null; from: number; to: number }[] = [];
    let taken = 0;
    for (const w of queue) {
      const need = w.kind === 'order' ? Math.max(0, w.order.quantity - w.order.assigned) : 1;
      line.push(
        w.kind === 'order'
          ? {
              key: `o${w.order.id}`,
              orderId: w.order.id,
              userId: w.order.user_id,
              from: taken + 1,
              to: taken + need,
            }
          : {
              key: `r${w.request.id}`,
              orderId: w.request.order_id,
              userId: w.request.user_id,
              from: taken + 1,
              to: taken + need,
            },
      );
      taken += need;
    }
    const given =
      taken === 0
        ? []
        : rowsOf<{ key: string; panel_id: number }>(
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
              as l(key text, "orderId" int, "userId" text, "from" int, "to" int)
          )
          update admin_panel_inventory p
          set status = 'sold', sold_to = line."userId", order_id = line."orderId",
              purchase_date = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          from numbered join line on numbered.n between line."from" and line."to"
          where p.id = numbered.id
          returning line.key as key, p.id as panel_id`),
          );
    const givenTo = new Map<string, number[]>();
    for (const row of given) {
      const panelIds = givenTo.get(row.key) ?? [];
      panelIds.push(Number(row.panel_id));
      givenTo.set(row.key, panelIds);
    }
    // A new panel renews as its order does; a replacement keeps its predecessor's cancel and end.
    const replacing = new Map(requests.map((r) => [`r${r.id}`, Number(r.panel_id)]));
    await carryPanelBillingTx(
      tx,
      given.map((row) => ({ panelId: Number(row.panel_id), fromPanelId: replacing.get(row.key) ?? null })),
    );

    const filled: FilledOrder[] = [];
    for (const w of queue) {
      if (w.kind === 'replacement') {
        if (!givenTo.has(`r${w.request.id}`)) break;
        continue;
      }
      const order = w.order;
      const assignedNow = givenTo.get(`o${order.id}`)?.length ?? 0;
      const completed = order.assigned + assignedNow >= order.quantity;
      if (assignedNow > 0 || completed) {
        filled.push({ orderId: order.id, userId: order.user_id, assignedNow, completed });
      }
      if (!completed) break;
    }
    const replaced = await completeReplacements(
      tx,
      requests.map((request) => ({ request, newPanelId: givenTo.get(`r${request.id}`)?.[0] ?? null })),
      now,
    );
    if (replaced.length > 0) await effects.onReplaced?.(tx, replaced);
    const done = filled.filter((f) => f.completed).map((f) => f.orderId);
    if (done.length > 0) {
      await completeOrdersTx(tx, done, now);
      await effects.onCompleted?.(tx, done);
    }
    return filled;
  });
}
