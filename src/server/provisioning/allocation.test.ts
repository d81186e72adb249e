import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { orders, panels, payments } from '../db/schema';
import { addStock } from '../testing/inventory';
import { insertCustomer, insertPendingOrder } from '../testing/orders';
import { checkoutCompleted, postSandboxEvent } from '../testing/sandbox-webhook';
import { createRecordingMailer, createTestApp, testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig } from '../testing/test-config';
import { fillWaitingOrders } from './fulfillment';

const db = () => t.database.db;
const t = testAppForSuite();
beforeAll(async () => {
  await t.app.ready();
});

describe(`allocation on ${TEST_DATABASE_NAME}`, () => {
  it('200 confirmations at once for 150 panels: each panel sold once, the shortfall waits, nothing lost', async () => {
    await addStock(db(), 150, { prefix: 'race' });
    const customers = await Promise.all(Array.from({ length: 10 }, () => insertCustomer(db())));
    const pending = [];
    for (let i = 0; i < 200; i++) pending.push(await insertPendingOrder(db(), customers[i % 10]!.id));

    const responses = await Promise.all(
      pending.map(({ order, sessionId }) => postSandboxEvent(t, checkoutCompleted(order.id, sessionId))),
    );
    // Any refusal is named with its body, so a failure says why (a pool timeout, a deadlock).
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);

    const sold = await db()
      .select({ orderId: panels.orderId, n: count() })
      .from(panels)
      .where(eq(panels.status, 'sold'))
      .groupBy(panels.orderId);
    expect(sold.reduce((sum, r) => sum + r.n, 0)).toBe(150);
    expect(sold.every((r) => r.n === 1)).toBe(true);
    const byStatus = await db()
      .select({ status: orders.status, n: count() })
      .from(orders)
      .groupBy(orders.status);
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({ completed: 150, paid: 50 });
    const [paymentRows] = await db().select({ n: count() }).from(payments);
    expect(paymentRows?.n).toBe(200);
    const [available] = await db().select({ n: count() }).from(panels).where(eq(panels.status, 'available'));
    expect(available?.n).toBe(0);

    // Stock arrives: the waiting orders are filled oldest first.
    await addStock(db(), 20, { prefix: 'restock' });
    const filled = await fillWaitingOrders(db());
    expect(filled).toHaveLength(20);
    const oldestWaiting = pending
      .map((p) => p.order.id)
      .filter((id) => !sold.some((s) => s.orderId === id))
      .sort((a, b) => a - b)
      .slice(0, 20);
    expect(filled.map((f) => f.orderId).sort((a, b) => a - b)).toEqual(oldestWaiting);
  }, 120_000);

  it('finishes after a restart an allocation that a crash interrupted, exactly once', async () => {
    // A database of its own: the orders still waiting above would take this stock first.
    const own = await createTestApp();
    const db = () => own.database.db;
    const who = await insertCustomer(db());
    await addStock(db(), 5, { prefix: 'crash' });
    const { order } = await insertPendingOrder(db(), who.id, { quantity: 3 });
    // The confirmation committed (order paid, payment row) but the process died before allocating.
    await db().update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, order.id));
    await db()
      .insert(payments)
      .values({
        orderId: order.id,
        userId: who.id,
        amountCents: 50_000,
        status: 'completed',
        method: 'sandbox',
        provider: 'sandbox',
        providerChargeId: `ch_crash_${order.id}`,
      });

    for (let boot = 0; boot < 2; boot++) {
      const restarted = await buildApp({
        firstSweepRoundsAfterMs: 0,
        config: testConfig(),
        database: own.database,
        secrets: own.secrets,
        mailer: createRecordingMailer(),
      });
      await restarted.ready();
      await restarted.close();
    }
    const sold = await db().select().from(panels).where(eq(panels.orderId, order.id));
    expect(sold).toHaveLength(3);
    expect(sold.every((p) => p.status === 'sold' && p.soldTo === who.id)).toBe(true);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('completed');
    await own.close();
  });
});
