import { describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../testing/migration-under-test';

/*
 * Migration credit_note_business_date: a credit note took the database's time; it now takes
 * the moment the refund stamped on its payment (the business time, which the sandbox clock
 * moves), and the database's time only when the refund stamped nothing.
 */
const NAME = 'credit_note_business_date';

describe(`migration ${NAME}`, () => {
  const { client, migrateBefore, migrateAll } = migrationUnderTest(NAME);

  it('dates a credit note at its refund, as the payment records it', async () => {
    await migrateBefore();
    const { rows } = await client.query<{ id: number }>(
      `insert into orders (plan_id, quantity, total_cents, status, payment_method, provider)
       values ('basic', 1, 50000, 'completed', 'card', 'sandbox') returning id`,
    );
    const orderId = rows[0]!.id;
    const pay = async (charge: string) =>
      (
        await client.query<{ id: number }>(
          `insert into payments (order_id, amount_cents, status, method, provider, provider_charge_id)
           values ($1, 50000, 'completed', 'card', 'sandbox', $2) returning id`,
          [orderId, charge],
        )
      ).rows[0]!.id;
    const noteOf = async (paymentId: number) =>
      (
        await client.query<{ created_at: Date }>(
          'select created_at from credit_notes where payment_id = $1',
          [paymentId],
        )
      ).rows[0]?.created_at;
    const before = await pay('ch_before');
    await client.query(
      `update payments set status = 'refunded', updated_at = '2031-01-01T00:00:00Z' where id = $1`,
      [before],
    );
    expect((await noteOf(before))?.getFullYear()).not.toBe(2031);

    await migrateAll();

    const stamped = await pay('ch_stamped');
    await client.query(
      `update payments set status = 'refunded', updated_at = '2031-01-01T00:00:00Z' where id = $1`,
      [stamped],
    );
    expect((await noteOf(stamped))?.toISOString()).toBe('2031-01-01T00:00:00.000Z');

    const unstamped = await pay('ch_unstamped');
    const started = Date.now();
    await client.query(`update payments set status = 'refunded' where id = $1`, [unstamped]);
    expect(Math.abs(((await noteOf(unstamped))?.getTime() ?? 0) - started)).toBeLessThan(60_000);
  }, 90_000);
});
