import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DELIVERY_HOURS } from '../../domain/constants';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { operatorAlerts, orders } from '../db/schema';
import { backlog, deliveredCount } from '../provisioning/backlog';
import { deliveryDueAlert, stockShortAlert } from './alert-emails';
import { raiseAlerts } from './raise';

const HOUR_MS = 3_600_000;
/** An order is alerted this long before its delivery promise runs out. */
const DELIVERY_WARNING_MS = HOUR_MS;
/** Orders alerted per sweep; the next sweep takes the rest. */
const DUE_BATCH = 200;

export interface AlertSweepResult {
  /** The shortage alerted in this sweep, if a new one began. */
  stockShort: boolean;
  /** Orders newly alerted as near their deadline. */
  deliveryDue: number[];
}

/**
 * Stock short of what waiting orders need, alerted once per shortage: a shortage is a row
 * (key 1, 2, ...) that stays open while stock is short and is resolved once stock covers the
 * waiting orders again, so the next shortage is a new event. Under a lock, so two instances
 * sweeping at once agree on whether a shortage is new.
 */
async function checkStock(db: Database, config: Config, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('operator-alerts:stock'))`);
    const [open] = await tx
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.kind, 'stock_short'))
      .orderBy(desc(operatorAlerts.id))
      .limit(1);
    const figures = await backlog(tx);
    if (figures.panelsShort === 0) {
      if (open && !open.resolvedAt) {
        await tx
          .update(operatorAlerts)
          .set({ resolvedAt: now })
          .where(and(eq(operatorAlerts.id, open.id), isNull(operatorAlerts.resolvedAt)));
      }
      return false;
    }
    if (open && !open.resolvedAt) return false;
    const next = String((open ? Number(open.key) : 0) + 1);
    const fresh = await raiseAlerts(tx, 'stock_short', [next], () => stockShortAlert(config, figures));
    return fresh.length > 0;
  });
}

/**
 * Paid orders still missing panels within an hour of the 6-hour promise (or past it), each
 * alerted once, together in one message per sweep.
 */
async function checkDeadlines(db: Database, config: Config, now: Date): Promise<number[]> {
  const paid = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const warnFrom = new Date(now.getTime() - DELIVERY_HOURS * HOUR_MS + DELIVERY_WARNING_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id, quantity: orders.quantity, delivered: deliveredCount, paidAt: paid })
      .from(orders)
      .where(
        sql`${orders.status} = 'paid' and ${deliveredCount} < ${orders.quantity}
          and ${paid} <= ${warnFrom.toISOString()}::timestamptz
          and not exists (select 1 from ${operatorAlerts} a
            where a.kind = 'delivery_due' and a.key = ${orders.id}::text)`,
      )
      .orderBy(sql`${paid}`, orders.id)
      .limit(DUE_BATCH);
    const byId = new Map(due.map((o) => [String(o.id), o]));
    const fresh = await raiseAlerts(tx, 'delivery_due', [...byId.keys()], (keys) =>
      deliveryDueAlert(
        config,
        keys.flatMap((key) => {
          const o = byId.get(key);
          if (!o) return [];
          const paidAt = new Date(o.paidAt as string | Date);
          return [
            {
              id: o.id,
              quantity: o.quantity,
              missing: o.quantity - Number(o.delivered),
              deadline: new Date(paidAt.getTime() + DELIVERY_HOURS * HOUR_MS),
            },
          ];
        }),
      ),
    );
    return fresh.map(Number);
  });
}

/**
 * The operator alerts that depend on time rather than on one request: stock short and orders
 * near their delivery deadline. Safe to run any number of times on any number of instances:
 * an event already alerted is never alerted again.
 */
export async function runAlertSweep(db: Database, config: Config, now: Date): Promise<AlertSweepResult> {
  const stockShort = await checkStock(db, config, now);
  const deliveryDue = await checkDeadlines(db, config, now);
  return { stockShort, deliveryDue };
}
