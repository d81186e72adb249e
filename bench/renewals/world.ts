/**
 * The bench's data, written with set-based SQL (generate_series) through the real tables:
 * customers with their billing details (an invoice address, so every invoice is e-mailed),
 * live sandbox subscriptions of 5 panels each with the first payment and checkout session a
 * purchase leaves, and their sold panels. Every period ends at the same moment, just passed.
 */
import { randomBytes } from 'node:crypto';
import { publishInvoiceSeller } from '../../src/server/billing/invoices/invoice-seller';
import type { Config } from '../../src/server/config';
import { createPanelCipher } from '../../src/server/crypto/panel-password';
import type { DatabaseHandle } from '../../src/server/db/client';
import { count, timed } from '../lib/in-process';

export const PANELS_PER_ORDER = 5;

export interface Scale {
  orders: number;
  /** Customers own orders round-robin: several subscriptions each, as real accounts have. */
  customers: number;
}

export interface World {
  /** The moment every period ends (the sweep runs after it). */
  periodEnd: Date;
}

/** Fills a migrated, empty database; returns when every period ends. */
export async function createWorld(handle: DatabaseHandle, config: Config, scale: Scale): Promise<World> {
  const q = handle.query.bind(handle);
  // The payments trigger copies the seller from here, as it does once the server is ready.
  await publishInvoiceSeller(handle.db, config);
  // Whole seconds: the period end round-trips through JavaScript dates exactly.
  const periodEnd = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
  const periodStart = new Date(periodEnd);
  periodStart.setUTCMonth(periodStart.getUTCMonth() - 1);

  await timed(`${count(scale.customers)} customers`, async () => {
    await q(
      `insert into "user" (id, name, email, email_verified, role)
       select 'bench-u-' || g, 'Customer ' || g, 'customer' || g || '@bench.example', true, 'user'
       from generate_series(1, $1::int) g`,
      [scale.customers],
    );
    await q(
      `insert into billing_profiles (user_id, company_name, address, country, invoice_email)
       select 'bench-u-' || g, 'Company ' || g, g || ' Bench Street', 'DE', 'invoices' || g || '@bench.example'
       from generate_series(1, $1::int) g`,
      [scale.customers],
    );
  });

  await timed(`${count(scale.orders)} subscriptions`, async () => {
    await q(
      `insert into orders (id, user_id, plan_id, additional_panels, quantity, total_cents,
         plan_price_cents, addon_price_cents, status, payment_method, provider, provider_session_id,
         subscription_status, current_period_start, current_period_end, paid_at, completed_at,
         created_at, updated_at)
       overriding system value
       select g, 'bench-u-' || (1 + g % $2::int), 'pro', 0, ${PANELS_PER_ORDER}, 200000, 200000, 30000,
         'completed', 'card', 'sandbox', 'cs_bench_' || g, 'active', $3::timestamptz, $4::timestamptz,
         $3::timestamptz, $3::timestamptz, $3::timestamptz, $3::timestamptz
       from generate_series(1, $1::int) g`,
      [scale.orders, scale.customers, periodStart.toISOString(), periodEnd.toISOString()],
    );
    await q(`select setval(pg_get_serial_sequence('orders', 'id'), $1::int)`, [scale.orders]);
    await q(
      `insert into sandbox_sessions (id, order_id, amount_cents, status, charge_id, created_at, updated_at)
       select 'cs_bench_' || g, g, 200000, 'paid', 'ch_bench_' || g, $2::timestamptz, $2::timestamptz
       from generate_series(1, $1::int) g`,
      [scale.orders, periodStart.toISOString()],
    );
    // The purchase's own payment, numbered here: the deferred trigger keeps a number given.
    await q(
      `insert into payments (invoice_number, order_id, user_id, amount_cents, status, method, provider,
         provider_session_id, provider_charge_id, period_start, period_end, panel_count, created_at, updated_at)
       select g, g, 'bench-u-' || (1 + g % $2::int), 200000, 'completed', 'card', 'sandbox',
         'cs_bench_' || g, 'ch_bench_' || g, $3::timestamptz, $4::timestamptz, ${PANELS_PER_ORDER},
         $3::timestamptz, $3::timestamptz
       from generate_series(1, $1::int) g`,
      [scale.orders, scale.customers, periodStart.toISOString(), periodEnd.toISOString()],
    );
    await q(
      `insert into counters (name, value) values ('invoice', $1::int)
       on conflict (name) do update set value = excluded.value`,
      [scale.orders],
    );
    // The purchase's invoice e-mails went out long ago: only what the sweep queues is counted.
    await q(`delete from outbox_messages`);
  });

  const panels = scale.orders * PANELS_PER_ORDER;
  await timed(`${count(panels)} sold panels`, async () => {
    // One ciphertext for all: decrypting is not what is measured, the column's shape is.
    const password = createPanelCipher(randomBytes(32).toString('hex')).encrypt('bench-password');
    await q(
      `insert into admin_panel_inventory (email, password, purchase_date, status, sold_to, order_id,
         created_at, updated_at)
       select 'panel' || g || '@bench-panels.example', $2, $3::timestamptz, 'sold',
         'bench-u-' || (1 + ((g - 1) / ${PANELS_PER_ORDER} + 1) % $4::int), (g - 1) / ${PANELS_PER_ORDER} + 1,
         $3::timestamptz, $3::timestamptz
       from generate_series(1, $1::int) g`,
      [panels, password, periodStart.toISOString(), scale.customers],
    );
  });
  await timed('vacuum analyze', () => q('vacuum analyze'));
  return { periodEnd };
}
