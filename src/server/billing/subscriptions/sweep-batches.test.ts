import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonth } from '../../../domain/billing-period';
import { orderRenewalCents } from '../../../domain/pricing';
import { orders, panels, payments } from '../../db/schema';
import { insertActiveOrder } from '../../testing/active-order';
import { insertCustomer } from '../../testing/orders';
import { TEST_DATABASE_NAME } from '../../testing/test-config';
import { anotherConnectionForSuite, testDatabaseForSuite } from '../../testing/test-database';
import { runSubscriptionSweep, type SweepChange } from './subscriptions';

/*
 * The subscription sweep works through the due orders in batches, each its own transaction
 * claimed with SKIP LOCKED: the plain renewals of a batch go together, the other cases one by
 * one. These tests cross batch boundaries with a handful of orders (a batch of 2), run two
 * instances at once, and, on PostgreSQL, hold one order's panel from another connection.
 */

const database = testDatabaseForSuite();
const other = anotherConnectionForSuite(database);
const key = randomBytes(32).toString('hex');
const HOUR = 3_600_000;
let end = new Date('2026-05-01T12:00:00Z');

/** A live sandbox subscription of `count` panels whose period ends at `end`, with `values` over that. */
async function dueOrder(values: Partial<typeof orders.$inferInsert> = {}, count = 2) {
  const { id: userId } = await insertCustomer(database.db);
  const { orderId, panelIds } = await insertActiveOrder(database.db, userId, { key, count });
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - 1);
  await database.db
    .update(orders)
    .set({ currentPeriodStart: start, currentPeriodEnd: end, ...values })
    .where(eq(orders.id, orderId));
  return { orderId, panelIds, userId };
}

const renewalsOf = (ids: number[]) =>
  database.db.select().from(payments).where(inArray(payments.orderId, ids));
const orderRow = async (id: number) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const kinds = (changes: SweepChange[], orderId: number) =>
  changes.filter((c) => c.orderId === orderId).map((c) => c.kind);

describe(`the subscription sweep in batches (${TEST_DATABASE_NAME})`, () => {
  it('handles each due order once across batches, plain renewals and the other cases alike', async () => {
    end = new Date('2026-05-01T12:00:00Z');
    const plain = await Promise.all([dueOrder(), dueOrder(), dueOrder(), dueOrder()]);
    const oneCanceled = await dueOrder();
    await database.db
      .update(panels)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(panels.id, oneCanceled.panelIds[0]!));
    const inGrace = await dueOrder({ subscriptionStatus: 'past_due' });
    const manual = await dueOrder({ provider: 'manual', paymentMethod: 'bank_transfer' });
    const twoBehind = await dueOrder({
      currentPeriodEnd: new Date(end.getTime() - 31 * 24 * HOUR),
    });
    const now = new Date(end.getTime() + HOUR);

    const batches: number[][] = [];
    const changes = await runSubscriptionSweep(
      database.db,
      now,
      { onChanges: async (_tx, changed) => void batches.push([...new Set(changed.map((c) => c.orderId))]) },
      { batchSize: 2 },
    );

    // Each batch mailed its own changes, in its own transaction, and no order came twice.
    expect(batches.every((ids) => ids.length <= 2)).toBe(true);
    const mailed = batches.flat();
    expect(new Set(mailed).size).toBe(mailed.length);

    for (const { orderId } of plain) {
      expect(kinds(changes, orderId)).toEqual(['renewed']);
      const order = await orderRow(orderId);
      const [payment, ...more] = await renewalsOf([orderId]);
      expect(more).toEqual([]);
      expect(payment).toMatchObject({
        amountCents: orderRenewalCents(order, 2),
        panelCount: 2,
        periodStart: end,
        periodEnd: addMonth(end),
        providerChargeId: `renewal_${orderId}_${end.toISOString()}`,
        status: 'completed',
        method: 'sandbox',
      });
      expect(order).toMatchObject({
        subscriptionStatus: 'active',
        currentPeriodStart: end,
        currentPeriodEnd: addMonth(end),
        updatedAt: now,
      });
      expect(changes.find((c) => c.orderId === orderId)).toMatchObject({
        amountCents: orderRenewalCents(order, 2),
        periodEnd: addMonth(end),
        panels: 2,
      });
    }
    expect(kinds(changes, oneCanceled.orderId)).toEqual(['panels_expired', 'renewed']);
    expect((await renewalsOf([oneCanceled.orderId]))[0]?.panelCount).toBe(1);
    expect(kinds(changes, inGrace.orderId)).toEqual([]);
    expect(await renewalsOf([inGrace.orderId])).toEqual([]);
    expect(kinds(changes, manual.orderId)).toEqual(['past_due']);
    // A month missed while nothing ran is charged as its own month.
    expect(kinds(changes, twoBehind.orderId)).toEqual(['renewed']);
    expect(await renewalsOf([twoBehind.orderId])).toHaveLength(2);

    const paid = (await renewalsOf(plain.map((p) => p.orderId))).length;
    expect(await runSubscriptionSweep(database.db, now, {}, { batchSize: 2 })).toEqual([]);
    expect(await renewalsOf(plain.map((p) => p.orderId))).toHaveLength(paid);
  });

  it('two instances sweeping at once share the due orders and charge each once', async () => {
    end = new Date('2026-07-01T12:00:00Z');
    const due = await Promise.all(Array.from({ length: 7 }, () => dueOrder()));
    const ids = due.map((d) => d.orderId);
    const now = new Date(end.getTime() + HOUR);

    const [a, b] = await Promise.all([
      runSubscriptionSweep(database.db, now, {}, { batchSize: 2 }),
      runSubscriptionSweep(other.db, now, {}, { batchSize: 2 }),
    ]);
    // Orders of the test before are due again by now: only this test's are looked at.
    const renewed = [...a!, ...b!]
      .filter((c) => c.kind === 'renewed' && ids.includes(c.orderId))
      .map((c) => c.orderId);
    expect(renewed.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const charged = await renewalsOf(ids);
    expect(charged).toHaveLength(ids.length);
    expect(new Set(charged.map((p) => p.orderId)).size).toBe(ids.length);
  });

  it.skipIf(TEST_DATABASE_NAME !== 'PostgreSQL')(
    'an order whose panel another transaction holds waits a bounded time, alone, and renews at the next sweep',
    async () => {
      end = new Date('2026-09-01T12:00:00Z');
      const due = await Promise.all([dueOrder(), dueOrder(), dueOrder()]);
      const held = due[1]!;
      const now = new Date(end.getTime() + HOUR);
      if (other.driver.kind !== 'postgres') throw new Error('needs PostgreSQL');
      const client = await other.driver.pool.connect();
      try {
        await client.query('begin');
        await client.query('select 1 from admin_panel_inventory where id = $1 for update', [
          held.panelIds[0],
        ]);
        const started = performance.now();
        const first = await runSubscriptionSweep(database.db, now);
        expect(performance.now() - started).toBeLessThan(15_000);
        const ids = due.map((d) => d.orderId);
        const renewed = first
          .filter((c) => c.kind === 'renewed' && ids.includes(c.orderId))
          .map((c) => c.orderId);
        expect(renewed.sort((x, y) => x - y)).toEqual(
          [due[0]!.orderId, due[2]!.orderId].sort((x, y) => x - y),
        );
        expect(await renewalsOf([held.orderId])).toEqual([]);
      } finally {
        await client.query('rollback');
        client.release();
      }
      const second = await runSubscriptionSweep(database.db, now);
      expect(second.filter((c) => c.kind === 'renewed').map((c) => c.orderId)).toContain(held.orderId);
      expect(await renewalsOf([held.orderId])).toHaveLength(1);
    },
  );
});
