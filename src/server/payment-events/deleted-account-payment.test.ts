import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepDeletedAccountOrders } from '../account/deleted-orders-sweep';
import { claimDeletion } from '../account/deletion-claim';
import { operatorAlerts, orders, panels, payments } from '../db/schema';
import { expireCardCheckouts } from '../orders/pending-expiry';
import { createSandboxProvider } from '../payments/sandbox/provider';
import { addStock } from '../testing/inventory';
import { insertCustomer, insertPendingOrder } from '../testing/orders';
import { checkoutCompleted, postSandboxEvent } from '../testing/sandbox-webhook';
import { testAppForSuite } from '../testing/test-app';

/*
 * A payment that reaches us for an order its customer's account deletion canceled: the order
 * stays canceled (nobody is there to receive panels), the money is recorded, and it goes back:
 * refunded by the deletion's sweep where the deletion owed money already, flagged to the
 * operators in every case (the paid-after-end alert).
 */
const t = testAppForSuite();
beforeAll(async () => {
  await t.app.ready();
});

const db = () => t.database.db;
const sandbox = () => createSandboxProvider(db());
const quiet = { error: () => {} };

const paid = (orderId: number, sessionId: string, chargeId: string) =>
  postSandboxEvent(t, checkoutCompleted(orderId, sessionId, { chargeId }));

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (id: number) =>
  db().select().from(payments).where(eq(payments.orderId, id)).orderBy(payments.id);
/** The paid-after-end alerts raised for the order's payments (one per payment). */
async function alertsFor(id: number) {
  const keys = new Set((await paymentsOf(id)).map((p) => String(p.id)));
  const alerts = await db().select().from(operatorAlerts).where(eq(operatorAlerts.kind, 'paid_after_end'));
  return alerts.filter((a) => keys.has(a.key));
}

describe('a provider payment for an order its account deletion canceled', () => {
  it('leaves the unpaid card order canceled, records the payment and flags it', async () => {
    const who = await insertCustomer(db());
    const { order, sessionId } = await insertPendingOrder(db(), who.id);
    await claimDeletion(db(), () => sandbox(), who, new Date(), null);
    // The deletion leaves a card checkout to the expiry sweep, which cancels it for the deletion.
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(
      await expireCardCheckouts({ db: db(), providerFor: () => sandbox(), log: quiet }, later),
    ).toContain(order.id);
    expect(await orderRow(order.id)).toMatchObject({ status: 'canceled', cancelReason: 'account_deleted' });
    await addStock(db(), 2);

    // The provider's payment races the expiry (a session paid as it was being closed).
    expect((await paid(order.id, sessionId, `ch_late_${order.id}`)).statusCode).toBe(200);

    expect(await orderRow(order.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'account_deleted',
      subscriptionStatus: 'inactive',
      paidAt: null,
    });
    expect((await paymentsOf(order.id)).map((p) => [p.status, p.amountCents])).toEqual([
      ['completed', 50_000],
    ]);
    expect(await db().select().from(panels).where(eq(panels.orderId, order.id))).toHaveLength(0);
    expect(await alertsFor(order.id)).toHaveLength(1);
  });

  it('leaves the paid order the deletion canceled canceled, and its sweep refunds the second payment too', async () => {
    const who = await insertCustomer(db());
    const { order, sessionId } = await insertPendingOrder(db(), who.id, { quantity: 50 });
    // Paid, but far more panels than the stock holds: still waiting when the account goes.
    expect((await paid(order.id, sessionId, `ch_first_${order.id}`)).statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('paid');
    await claimDeletion(db(), () => sandbox(), who, new Date(), null);
    expect(await orderRow(order.id)).toMatchObject({ status: 'canceled', cancelReason: 'account_deleted' });

    // A second tab's checkout of the same order is paid after the deletion.
    expect((await paid(order.id, sessionId, `ch_second_${order.id}`)).statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('canceled');
    expect(await alertsFor(order.id)).toHaveLength(1);

    await sweepDeletedAccountOrders({
      db: db(),
      providerFor: () => sandbox(),
      log: quiet,
      now: () => new Date(),
    });
    expect((await orderRow(order.id)).status).toBe('refunded');
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['refunded', 'refunded']);
  });
});
