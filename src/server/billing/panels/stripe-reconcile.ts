import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../domain/status';
import { stripeSyncFailedAlert } from '../../alerts/alert-emails';
import { raiseAlerts } from '../../alerts/raise';
import type { Config } from '../../config';
import { type Database, rowsOf } from '../../db/client';
import { orders, outboxMessages } from '../../db/schema';
import { renewingPanelsSql } from '../../lifecycle/renewing';

/**
 * Orders queued again per round, and given-up rows alerted per round: a backlog (a long Stripe
 * outage) is worked off over a few rounds instead of one long statement.
 */
export const RECONCILE_BATCH = 100;

export interface StripeReconcile {
  /** Given-up rows the operators were newly alerted about, by outbox id. */
  alerted: number[];
  /** Orders whose change was queued again. */
  requeued: number[];
}

const givenUpSchema = z.object({ id: z.coerce.number(), order_id: z.coerce.number() });
const orderIdSchema = z.object({ id: z.coerce.number() });

/**
 * Heals the Stripe side of per-panel billing (docs/decisions/0017). The outbox gives up a
 * `stripe_quantity` row after about a day of retries, and Stripe could then charge the next
 * renewal for panels that no longer renew. Each round:
 * - the operators are alerted once per row given up on;
 * - every live Stripe order whose renewing panels differ from what Stripe last took (or, before
 *   any change reached Stripe, one whose row was given up on) gets a new row, unless one is
 *   still pending for it. Each order is its own row, retried on its own, so one subscription
 *   Stripe keeps refusing neither blocks the others nor piles up rows: at most one pending
 *   each, a new one only after the outbox gave the last one up.
 * Safe on any number of instances: the alert's key is unique and the queueing is one statement
 * that checks for a pending row (a rare duplicate row only sends the same state twice).
 */
export async function reconcileStripeQuantities(db: Database, config: Config): Promise<StripeReconcile> {
  const dead = rowsOf<unknown>(
    await db.execute(sql`
      select m.id, (m.payload->>'orderId')::int as order_id from ${outboxMessages} m
      where m.kind = 'stripe_quantity' and m.status = 'dead'
        and not exists (select 1 from operator_alerts a
          where a.kind = 'stripe_sync_failed' and a.key = m.id::text)
      order by m.id
      limit ${RECONCILE_BATCH}`),
  ).map((row) => givenUpSchema.parse(row));
  const alerted = await db.transaction(async (tx) => {
    const fresh = await raiseAlerts(
      tx,
      'stripe_sync_failed',
      dead.map((row) => String(row.id)),
      (keys) =>
        stripeSyncFailedAlert(config, [
          ...new Set(dead.filter((r) => keys.includes(String(r.id))).map((r) => r.order_id)),
        ]),
    );
    return fresh.map(Number);
  });

  const live = sql.join(
    LIVE_SUBSCRIPTION_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const requeued = rowsOf<unknown>(
    await db.execute(sql`
      with rows as (
        select (payload->>'orderId')::int as order_id, status from ${outboxMessages}
        where kind = 'stripe_quantity' and status in ('pending', 'dead')
      ), due as (
        select "orders"."id" as id from ${orders}
        where "orders"."provider" = 'stripe' and "orders"."provider_subscription_id" is not null
          and "orders"."subscription_status" in (${live})
          and "orders"."id" not in (select order_id from rows where status = 'pending')
          and (case when "orders"."stripe_renewing_sent" is null
            then "orders"."id" in (select order_id from rows where status = 'dead')
            else "orders"."stripe_renewing_sent" <> ${renewingPanelsSql} end)
        order by "orders"."id"
        limit ${RECONCILE_BATCH}
      )
      insert into ${outboxMessages} (kind, payload)
      select 'stripe_quantity', jsonb_build_object('orderId', due.id) from due
      returning (payload->>'orderId')::int as id`),
  ).map((row) => orderIdSchema.parse(row).id);
  return { alerted, requeued };
}
