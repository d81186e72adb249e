import type { DatabaseHandle } from '../../src/server/db/client';
import { count, timed } from '../lib/in-process';

export interface Scale {
  panels: number;
  orders: number;
  customers: number;
}

/** Customers own orders round-robin; every order holds 5 panels. */
export const PANELS_PER_ORDER = 5;

/**
 * A panel's e-mail in the bench: `panel<n>.<8 hex of md5(n)>@edu<n % 500>.example`. The hex
 * part makes a random 4-character fragment match about 80 of a million rows, like a real
 * search for part of an address.
 */
export function panelEmailSql(n: string): string {
  return `'panel' || ${n} || '.' || substr(md5(${n}::text), 1, 8) || '@edu' || (${n} % 500) || '.example'`;
}

/**
 * Fills a migrated, empty database with set-based SQL (generate_series), the way a bulk load
 * would: customers, orders a year deep (most completed, some pending, canceled, refunded),
 * and panels (45% sold to those orders, 5% expired or retired, 50% available). The panel
 * table's secondary indexes are dropped during the load and rebuilt after it (much faster
 * than maintaining a trigram index row by row), then VACUUM ANALYZE gives the planner its
 * statistics and index-only scans their visibility map, as autovacuum would in production.
 */
export async function fill(handle: DatabaseHandle, scale: Scale, ciphertext: string): Promise<void> {
  const q = handle.query.bind(handle);
  await timed(`${count(scale.customers)} customers`, () =>
    q(
      `insert into "user" (id, name, email, email_verified, role)
       select 'bench-u-' || g, 'Customer ' || g, 'customer' || g || '@bench.example', true, 'user'
       from generate_series(1, $1::int) g`,
      [scale.customers],
    ),
  );
  await timed(`${count(scale.orders)} orders`, async () => {
    await q(
      `insert into orders (id, user_id, plan_id, additional_panels, quantity, total_cents, status,
         payment_method, provider, provider_session_id, subscription_status, paid_at, completed_at,
         created_at, updated_at)
       overriding system value
       select g, 'bench-u-' || (1 + g % $2::int), 'pro', 0, ${PANELS_PER_ORDER}, 200000,
         case when g % 50 = 0 then 'pending_payment' when g % 61 = 0 then 'canceled'
              when g % 89 = 0 then 'refunded' else 'completed' end,
         'card', 'sandbox', 'bench_' || g, 'active', t.at, t.at, t.at, t.at
       from generate_series(1, $1::int) g,
         lateral (select now() - interval '365 days' + g * (interval '365 days' / $1::int) as at) t`,
      [scale.orders, scale.customers],
    );
    await q(`select setval(pg_get_serial_sequence('orders', 'id'), $1::int)`, [scale.orders]);
  });

  const { rows: indexes } = await q<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where tablename = 'admin_panel_inventory' and indexname <> 'admin_panel_inventory_pkey'`,
  );
  for (const index of indexes) await q(`drop index "${index.indexname}"`);
  const sold = Math.min(scale.panels / 2 - scale.panels / 20, scale.orders * PANELS_PER_ORDER) | 0;
  const gone = (scale.panels / 20) | 0;
  await timed(`${count(scale.panels)} panels`, () =>
    q(
      `insert into admin_panel_inventory (email, password, status, sold_to, order_id, purchase_date,
         created_at, updated_at)
       select ${panelEmailSql('g')}, $1,
         case when g <= $2::int then 'sold' when g <= $2::int + $3::int / 2 then 'expired'
              when g <= $2::int + $3::int then 'retired' else 'available' end,
         case when g <= $2::int + $3::int then 'bench-u-' || (1 + ((g - 1) / ${PANELS_PER_ORDER} + 1) % $5::int) end,
         case when g <= $2::int + $3::int then least((g - 1) / ${PANELS_PER_ORDER} + 1, $6::int) end,
         case when g <= $2::int + $3::int then now() - interval '300 days' + g * interval '1 second' end,
         now() - interval '400 days' + g * interval '30 seconds', now()
       from generate_series(1, $4::int) g`,
      [ciphertext, sold, gone, scale.panels, scale.customers, scale.orders],
    ),
  );
  await timed(`${indexes.length} panel indexes rebuilt`, async () => {
    for (const index of indexes) await q(index.indexdef);
  });
  await timed('vacuum analyze', () => q('vacuum analyze'));
}
