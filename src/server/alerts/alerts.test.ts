import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_KINDS, type AlertSettings } from '../../domain/email-preferences';
import { createSubscriptionRunner } from '../billing/subscriptions/subscription-runner';
import { operatorAlerts, orders, panels, payments as paymentRecords } from '../db/schema';
import { createPaymentsService } from '../payment-events/service';
import type { FulfillmentRunner } from '../provisioning/fulfillment-runner';
import { signedInAccount } from '../testing/accounts';
import { addStock } from '../testing/inventory';
import { insertPendingOrder } from '../testing/orders';
import { createTestApp, sweepDeps, type TestApp, TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig } from '../testing/test-config';
import { runAlertSweep } from './sweep';

/*
 * Operator alerts (docs/decisions/0008-email-classes-and-operator-alerts.md): every admin is
 * e-mailed once per event, whoever or whatever sees the event again, and an admin who turned
 * a kind off is left out while the others still get it.
 */
const database = TEST_DATABASE_NAME;
const HOUR = 3_600_000;
const BANK = { BANK_ACCOUNT_NAME: 'Panel Shop LLC', BANK_ACCOUNT_NUMBER: 'DE89 3704 0044 0532 0130 00' };
/** The app's own configuration, as its sweeps see it. */
const ENV = { ...BANK, PUBLIC_URL: 'https://shop.panelhub.test' };
const appConfig = testConfig(ENV);

let t: TestApp;
let boss: TestClient;
let deputy: TestClient;
let customer: TestClient;
let customerId: string;

const signedIn = (email: string, role: 'admin' | 'user') =>
  signedInAccount(t.app, t.database.db, { email, role });

type OrderState = Partial<typeof orders.$inferInsert>;
/** One of the customer's orders, standing as the case needs it (the state may name the order's id). */
async function customerOrder(state: OrderState | ((id: number) => OrderState)) {
  const { order } = await insertPendingOrder(t.database.db, customerId);
  const set = typeof state === 'function' ? state(order.id) : state;
  await t.database.db.update(orders).set(set).where(eq(orders.id, order.id));
  return order;
}

/** Provider events handled as the app handles them, with nothing to fulfil. */
const paymentsService = () =>
  createPaymentsService({
    ...sweepDeps(t, ENV, () => new Date()),
    fulfillment: { run: async () => [] } as unknown as FulfillmentRunner,
  });

beforeAll(async () => {
  t = await createTestApp(ENV);
  await t.app.ready();
  boss = (await signedIn('boss@example.com', 'admin')).client;
  deputy = (await signedIn('deputy@example.com', 'admin')).client;
  const c = await signedIn('carol@example.com', 'user');
  customer = c.client;
  customerId = c.id;
});
afterAll(() => t.close());

/** The alerts an admin has been e-mailed so far, by subject. */
async function alertsTo(email: string, subjectIncludes: string): Promise<string[]> {
  await t.drainOutbox();
  return t.mailer.sent
    .filter((m) => m.to === email && m.subject.startsWith('Alert:') && m.subject.includes(subjectIncludes))
    .map((m) => m.subject);
}

const sweep = (at = new Date()) => runAlertSweep(t.database.db, appConfig, at);

/** A paid order still waiting for `quantity` panels, paid at `paidAt`. */
async function waitingOrder(quantity: number, paidAt = new Date()) {
  const { order } = await insertPendingOrder(t.database.db, customerId, { quantity });
  await t.database.db.update(orders).set({ status: 'paid', paidAt }).where(eq(orders.id, order.id));
  return order.id;
}

const cancel = (orderId: number) =>
  t.database.db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, orderId));

const settings = (off: Partial<AlertSettings>): AlertSettings => ({
  ...(Object.fromEntries(ALERT_KINDS.map((k) => [k, true])) as AlertSettings),
  ...off,
});

describe(`operator alerts on ${database}`, () => {
  it('keeps the alert settings to admins: a customer can neither read nor change them', async () => {
    expect((await customer.get('/api/admin/alert-settings')).statusCode).toBe(403);
    expect((await customer.put('/api/admin/alert-settings', settings({}))).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/alert-settings')).statusCode).toBe(401);
    expect((await boss.get('/api/admin/alert-settings')).json()).toEqual(settings({}));
    expect((await boss.put('/api/admin/alert-settings', { stock_short: false })).statusCode).toBe(400);
  });

  it('alerts a stock shortage once however often the sweep runs, and a new shortage again', async () => {
    await t.database.db.update(panels).set({ status: 'retired' });
    const orderId = await waitingOrder(3);
    await sweep();
    await sweep();
    expect(await alertsTo('boss@example.com', 'short')).toEqual(['Alert: stock is 3 panels short']);
    expect(await alertsTo('deputy@example.com', 'short')).toEqual(['Alert: stock is 3 panels short']);

    // Stock covers the waiting order: the shortage is over, and the next one is news.
    await addStock(t.database.db, 3);
    await sweep();
    expect(
      (await t.database.db.select().from(operatorAlerts)).find((a) => a.kind === 'stock_short')?.resolvedAt,
    ).not.toBeNull();
    await t.database.db.update(panels).set({ status: 'retired' });
    await sweep();
    await sweep();
    expect(await alertsTo('boss@example.com', 'short')).toHaveLength(2);
    await cancel(orderId);
    await sweep();
  });

  it('alerts an order within an hour of the 6-hour promise once, and not earlier', async () => {
    const now = new Date();
    const early = await waitingOrder(1, new Date(now.getTime() - 4 * HOUR));
    const due = await waitingOrder(2, new Date(now.getTime() - 5.5 * HOUR));
    await sweep(now);
    await sweep(now);
    expect(await alertsTo('boss@example.com', 'due by')).toEqual([
      expect.stringMatching(new RegExp(`^Alert: order ${due} is due by `)),
    ]);
    // An hour later the other one is near its deadline too: alerted on its own.
    await sweep(new Date(now.getTime() + HOUR + 60_000));
    await sweep(new Date(now.getTime() + HOUR + 120_000));
    const both = await alertsTo('deputy@example.com', 'due by');
    expect(both).toHaveLength(2);
    expect(both[1]).toMatch(new RegExp(`^Alert: order ${early} is due by `));
    await cancel(early);
    await cancel(due);
  });

  it('alerts a refund request once, in the request itself', async () => {
    const order = await customerOrder({ status: 'completed', paidAt: new Date() });
    const asked = await customer.post(`/api/me/orders/${order.id}/refund-request`, { reason: 'Too many.' });
    expect(asked.statusCode).toBe(200);
    expect(
      (await customer.post(`/api/me/orders/${order.id}/refund-request`, { reason: 'Again' })).statusCode,
    ).toBe(409);
    await sweep();
    expect(await alertsTo('boss@example.com', 'refund')).toEqual([
      `Alert: refund requested for order ${order.id}`,
    ]);
    const mail = t.mailer.sent.find((m) => m.subject === `Alert: refund requested for order ${order.id}`);
    expect(mail?.text).toContain('carol@example.com asked for the money-back refund');
    expect(mail?.text).toContain('Too many.');
  });

  it('alerts a bank transfer order waiting for its payment once, even when the checkout is submitted twice', async () => {
    const body = { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' };
    const first = (await customer.post('/api/checkout', body)).json();
    const second = (await customer.post('/api/checkout', body)).json();
    expect(second.orderId).toBe(first.orderId);
    expect(await alertsTo('deputy@example.com', 'waits for')).toEqual([
      `Alert: order ${first.orderId} waits for a bank transfer payment`,
    ]);
    await cancel(first.orderId);
  });

  it('alerts a failed renewal once per period, from the sweep and from the provider', async () => {
    // A bank transfer subscription whose period ended unpaid: the sweep makes it past due.
    const periodEnd = new Date(Date.now() - 60_000);
    const order = await customerOrder({
      status: 'completed',
      provider: 'manual',
      paymentMethod: 'bank_transfer',
      paidAt: new Date(periodEnd.getTime() - 30 * 86_400_000),
      subscriptionStatus: 'active',
      currentPeriodEnd: periodEnd,
      renewalInvoiceFor: periodEnd,
    });
    const subscriptions = createSubscriptionRunner(sweepDeps(t, ENV, () => new Date()));
    await subscriptions.run();
    await subscriptions.run();
    expect(await alertsTo('boss@example.com', 'renewal')).toEqual([
      `Alert: renewal of order ${order.id} failed`,
    ]);

    // A Stripe subscription: invoice.payment_failed, and Stripe's retry of it.
    const card = await customerOrder((id) => ({
      status: 'completed',
      provider: 'stripe',
      paidAt: new Date(),
      subscriptionStatus: 'active',
      providerSubscriptionId: `sub_${id}`,
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    }));
    const payments = paymentsService();
    const failed = (id: string) =>
      payments.handleEvent({
        provider: 'stripe',
        id,
        event: { type: 'invoice.payment_failed', subscriptionId: `sub_${card.id}` },
      });
    await failed(`evt_fail_${card.id}`);
    await failed(`evt_fail_${card.id}`);
    await failed(`evt_retry_${card.id}`);
    expect(await alertsTo('deputy@example.com', `renewal of order ${card.id}`)).toHaveLength(1);
  });

  it('alerts a renewal charged after its order was refunded, once, and gives the order nothing back', async () => {
    const refundedAt = new Date(Date.now() - 86_400_000);
    const order = await customerOrder((id) => ({
      status: 'refunded',
      provider: 'stripe',
      paidAt: new Date(Date.now() - 10 * 86_400_000),
      refundedAt,
      subscriptionStatus: 'canceled',
      providerSubscriptionId: `sub_late_${id}`,
      currentPeriodEnd: refundedAt,
    }));
    const payments = paymentsService();
    const paid = (eventId: string) =>
      payments.handleEvent({
        provider: 'stripe',
        id: eventId,
        event: {
          type: 'invoice.paid',
          subscriptionId: `sub_late_${order.id}`,
          chargeId: `in_late_${order.id}`,
          amountCents: 50_000,
          periodStart: new Date(),
          periodEnd: new Date(Date.now() + 30 * 86_400_000),
        },
      });
    await paid(`evt_late_${order.id}`);
    // Stripe delivers again under another event id: still one payment, one alert.
    await paid(`evt_late_again_${order.id}`);

    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: 'refunded', subscriptionStatus: 'canceled' });
    const recorded = await t.database.db
      .select({ amountCents: paymentRecords.amountCents })
      .from(paymentRecords)
      .where(eq(paymentRecords.orderId, order.id));
    expect(recorded).toEqual([{ amountCents: 50_000 }]);
    expect(await alertsTo('boss@example.com', `order ${order.id} was charged after it ended`)).toEqual([
      `Alert: order ${order.id} was charged after it ended`,
    ]);
  });

  it('leaves out an admin who turned a kind off, and still alerts the other', async () => {
    const saved = await deputy.put('/api/admin/alert-settings', settings({ refund_requested: false }));
    expect(saved.json()).toEqual(settings({ refund_requested: false }));
    expect((await deputy.get('/api/admin/alert-settings')).json().refund_requested).toBe(false);

    const order = await customerOrder({ status: 'completed', paidAt: new Date() });
    await customer.post(`/api/me/orders/${order.id}/refund-request`, { reason: 'Not for us.' });
    const subject = `Alert: refund requested for order ${order.id}`;
    expect(await alertsTo('boss@example.com', subject)).toEqual([subject]);
    expect(await alertsTo('deputy@example.com', subject)).toEqual([]);
    // The boss's copy carries the one-click link that turns this kind off for the boss alone.
    const mail = t.mailer.sent.find((m) => m.to === 'boss@example.com' && m.subject === subject);
    const link = new URL(
      /^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? 'https://x.test/',
    );
    expect((await new TestClient(t.app).post(`${link.pathname}${link.search}`)).json()).toMatchObject({
      preference: 'alert:refund_requested',
      enabled: false,
    });
    expect((await boss.get('/api/admin/alert-settings')).json()).toEqual(
      settings({ refund_requested: false }),
    );
    expect((await deputy.get('/api/admin/alert-settings')).json()).toEqual(
      settings({ refund_requested: false }),
    );
  });
});
