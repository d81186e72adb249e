import { sql } from 'drizzle-orm';
import type { DeliveryRecord, ShopStatus } from '../../domain/api/status';
import { DELIVERY_HOURS, DELIVERY_RECORD_DAYS } from '../../domain/constants';
import { rowsOf } from '../db/client';
import type { TxOrDb } from '../outbox/enqueue';
import { backlog } from '../provisioning/backlog';

const HOUR_MS = 3_600_000;

/**
 * The shop's delivery record over the last DELIVERY_RECORD_DAYS, from the orders table alone
 * (docs/product.md §10). An order counts once it was delivered (its last panel handed over:
 * completed_at) or once it is still waiting past the promise: a late order must lower the
 * share delivered in time the moment it is late, not only when it finally arrives. The median
 * and 95th percentile are of delivered orders, in minutes from payment.
 */
export async function deliveryRecord(db: TxOrDb, now: Date): Promise<DeliveryRecord> {
  const since = new Date(now.getTime() - DELIVERY_RECORD_DAYS * 24 * HOUR_MS);
  const promiseDue = new Date(now.getTime() - DELIVERY_HOURS * HOUR_MS);
  const [row] = rowsOf<{ counted: number; median: number | null; p95: number | null; within: number }>(
    await db.execute(sql`
      with counted as (
        select completed_at is not null as delivered,
               extract(epoch from (coalesce(completed_at, ${now.toISOString()}::timestamptz) - paid_at)) / 60
                 as minutes
        from orders
        where paid_at >= ${since.toISOString()}::timestamptz
          and paid_at <= ${now.toISOString()}::timestamptz
          and (completed_at is not null
               or (status = 'paid' and paid_at <= ${promiseDue.toISOString()}::timestamptz))
      )
      select count(*)::int as counted,
             percentile_cont(0.5) within group (order by minutes) filter (where delivered) as median,
             percentile_cont(0.95) within group (order by minutes) filter (where delivered) as p95,
             count(*) filter (where delivered and minutes <= ${DELIVERY_HOURS * 60})::int as within
      from counted`),
  );
  const counted = Number(row?.counted ?? 0);
  const minutes = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value));
  return {
    days: DELIVERY_RECORD_DAYS,
    medianMinutes: minutes(row?.median),
    p95Minutes: minutes(row?.p95),
    withinPromiseShare: counted === 0 ? null : Number(row?.within ?? 0) / counted,
    promiseHours: DELIVERY_HOURS,
  };
}

/** The record and whether stock covers the orders waiting now: what /status shows. */
export async function shopStatus(db: TxOrDb, now: Date): Promise<ShopStatus> {
  const [record, waiting] = await Promise.all([deliveryRecord(db, now), backlog(db)]);
  return {
    record,
    stockCoversWaiting: waiting.panelsShort === 0,
    computedAt: now.toISOString(),
  };
}
