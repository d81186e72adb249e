import { describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../testing/migration-under-test';

/*
 * Migration add_panels_stripe: a payment says whether it paid for panels added to a running
 * period (docs/decisions/0018-adding-panels.md), which Stripe's proration payments cannot say by
 * their charge id. The sandbox's payments for added panels from before are marked by theirs.
 */
const NAME = 'add_panels_stripe';

describe(`migration ${NAME}`, () => {
  const { client, migrateBefore, migrateAll } = migrationUnderTest(NAME);

  it('marks the payments for added panels made before, and no other', async () => {
    await migrateBefore();
    const { rows } = await client.query<{ id: number }>(
      `insert into orders (plan_id, quantity, additional_panels, total_cents, status, payment_method,
         provider, subscription_status)
       values ('basic', 3, 2, 140000, 'completed', 'card', 'sandbox', 'active') returning id`,
    );
    const orderId = rows[0]!.id;
    await client.query(
      `insert into payments (order_id, amount_cents, status, method, provider, provider_charge_id)
       values ($1, 140000, 'completed', 'sandbox', 'sandbox', 'ch_first'),
         ($1, 30000, 'completed', 'sandbox', 'sandbox', $2)`,
      [orderId, `add_panels_${orderId}_1`],
    );

    await migrateAll();

    const paid = await client.query<{ provider_charge_id: string; adds_panels: boolean }>(
      'select provider_charge_id, adds_panels from payments order by id',
    );
    expect(paid.rows.map((p) => [p.provider_charge_id, p.adds_panels])).toEqual([
      ['ch_first', false],
      [`add_panels_${orderId}_1`, true],
    ]);
  }, 90_000);
});
