import { describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../testing/migration-under-test';

/*
 * Migration order_expired_at: an expired subscription's end was read from the order's last
 * change (updated_at, capped by the period end); it is now a column of its own, filled for the
 * subscriptions that expired before it existed with the date they showed.
 */
const NAME = 'order_expired_at';

describe(`migration ${NAME}`, () => {
  const { client, migrateBefore, migrateAll } = migrationUnderTest(NAME);

  it('gives each expired subscription the end it showed, and no other order an end', async () => {
    await migrateBefore();
    const insert = (subscription: string, periodEnd: string | null, updated: string) =>
      client.query(
        `insert into orders (plan_id, quantity, total_cents, status, payment_method, provider,
           subscription_status, current_period_end, updated_at)
         values ('basic', 1, 50000, 'completed', 'card', 'sandbox', $1, $2, $3) returning id`,
        [subscription, periodEnd, updated],
      );
    // Expired by the sweep after its period end; ended early by the provider; still running.
    await insert('expired', '2025-03-01T00:00:00Z', '2025-03-01T00:05:00Z');
    await insert('expired', '2025-03-01T00:00:00Z', '2025-02-10T12:00:00Z');
    await insert('active', '2025-03-01T00:00:00Z', '2025-02-01T00:00:00Z');

    await migrateAll();

    const { rows } = await client.query<{ subscription_status: string; expired_at: Date | null }>(
      'select subscription_status, expired_at from orders order by id',
    );
    expect(rows.map((r) => [r.subscription_status, r.expired_at?.toISOString() ?? null])).toEqual([
      ['expired', '2025-03-01T00:00:00.000Z'],
      ['expired', '2025-02-10T12:00:00.000Z'],
      ['active', null],
    ]);
  }, 90_000);
});
