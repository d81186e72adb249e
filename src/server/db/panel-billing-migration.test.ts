import { describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../testing/migration-under-test';

/*
 * Migration panel_billing: each panel of an order gets its own cancel flag and end
 * (docs/decisions/0017), and each payment the panels it paid for. A subscription canceled at
 * its period end before then cancels each of its panels; every payment so far paid for its
 * whole order.
 */
const NAME = 'panel_billing';

describe(`migration ${NAME}`, () => {
  const { client, migrateBefore, migrateAll } = migrationUnderTest(NAME);

  it("carries each order's cancel to its live panels and counts every payment's panels", async () => {
    await migrateBefore();
    const order = async (subscription: string, cancel: boolean, quantity: number) => {
      const { rows } = await client.query<{ id: number }>(
        `insert into orders (plan_id, quantity, additional_panels, total_cents, status, payment_method,
           provider, subscription_status, cancel_at_period_end)
         values ('basic', $3, $3 - 1, 50000, 'completed', 'card', 'sandbox', $1, $2) returning id`,
        [subscription, cancel, quantity],
      );
      return rows[0]!.id;
    };
    const panel = (orderId: number, status: string, n: number) =>
      client.query(
        `insert into admin_panel_inventory (email, password, status, order_id) values ($1, 'x', $2, $3)`,
        [`p${n}@panels.example`, status, orderId],
      );
    const canceling = await order('active', true, 2);
    const renewing = await order('active', false, 1);
    const over = await order('expired', true, 1);
    await panel(canceling, 'sold', 1);
    await panel(canceling, 'sold', 2);
    await panel(renewing, 'sold', 3);
    await panel(over, 'retired', 4);
    await client.query(
      `insert into payments (order_id, amount_cents, status, method, provider, provider_charge_id)
       values ($1, 50000, 'completed', 'card', 'sandbox', 'ch_1'), ($2, 50000, 'completed', 'card', 'sandbox', 'ch_2')`,
      [canceling, renewing],
    );

    await migrateAll();

    const panels = await client.query<{
      email: string;
      cancel_at_period_end: boolean;
      ended_at: Date | null;
    }>('select email, cancel_at_period_end, ended_at from admin_panel_inventory order by email');
    expect(panels.rows.map((p) => [p.email, p.cancel_at_period_end, p.ended_at])).toEqual([
      ['p1@panels.example', true, null],
      ['p2@panels.example', true, null],
      ['p3@panels.example', false, null],
      ['p4@panels.example', false, null],
    ]);
    const paid = await client.query<{ order_id: number; panel_count: number }>(
      'select order_id, panel_count from payments order by id',
    );
    expect(paid.rows.map((p) => [p.order_id, p.panel_count])).toEqual([
      [canceling, 2],
      [renewing, 1],
    ]);
  }, 90_000);
});
