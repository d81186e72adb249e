import { createServer, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, panels, payments } from '../db/schema';
import { createStripeClient } from '../payments/stripe/client';
import { createStripeProvider } from '../payments/stripe/provider';
import { fillWaitingOrders } from '../provisioning/fulfillment';
import { addStock } from '../testing/inventory';
import { createTestApp, type TestApp, TestClient } from '../testing/test-app';
import { sweepDeletedAccountOrders } from './deleted-orders-sweep';

/*
 * Stripe without the network, as in payments/stripe/stripe.test.ts: the real SDK talks to a
 * local stand-in, here also for the subscription, invoice and refund endpoints that
 * deletion uses, and webhooks are signed with the SDK's own helper.
 */
const WEBHOOK_SECRET = 'whsec_test_panelhub';
const SECRET_KEY = 'sk_test_panelhub';
const sessions = new Map<string, Record<string, unknown>>();
const canceledSubscriptions = new Set<string>();
/** Every call the stand-in answered, as "METHOD /path". */
const calls: string[] = [];
const refunds: { paymentIntent: string | null; amount: number }[] = [];
const refuse = { cancel: false, refund: false };
let standIn: Server;
let apiUrl: string;
let stripeProvider: ReturnType<typeof createStripeProvider>;
let t: TestApp;
const signer = new Stripe('sk_test_signer');

function stripeError(res: import('node:http').ServerResponse, status: number, message: string) {
  res.statusCode = status;
  res.end(
    JSON.stringify({ error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } }),
  );
}

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const path = (req.url ?? '').split('?')[0] ?? '';
      calls.push(`${req.method} ${path}`);
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const id = `cs_del_${sessions.size + 1}`;
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          mode: 'subscription',
          client_reference_id: form.get('client_reference_id'),
          metadata: { orderId: form.get('metadata[orderId]') },
          amount_total:
            Number(form.get('line_items[0][price_data][unit_amount]')) +
            Number(form.get('line_items[1][price_data][unit_amount]') ?? 0) *
              Number(form.get('line_items[1][quantity]') ?? 0),
          invoice: null,
          subscription: null,
          customer: null,
        };
        sessions.set(id, session);
        res.end(JSON.stringify(session));
        return;
      }
      const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(path)?.[1];
      if (subscription && req.method === 'GET') {
        const status = canceledSubscriptions.has(subscription) ? 'canceled' : 'active';
        res.end(JSON.stringify({ id: subscription, object: 'subscription', status }));
        return;
      }
      if (subscription && req.method === 'DELETE') {
        if (refuse.cancel) return stripeError(res, 500, 'Stripe is having a bad day.');
        canceledSubscriptions.add(subscription);
        res.end(JSON.stringify({ id: subscription, object: 'subscription', status: 'canceled' }));
        return;
      }
      const invoice = /^\/v1\/invoices\/(\w+)$/.exec(path)?.[1];
      if (invoice && req.method === 'GET') {
        res.end(
          JSON.stringify({
            id: invoice,
            object: 'invoice',
            payments: {
              object: 'list',
              data: [
                {
                  object: 'invoice_payment',
                  payment: { type: 'payment_intent', payment_intent: `pi_${invoice}` },
                },
              ],
            },
          }),
        );
        return;
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        if (refuse.refund) return stripeError(res, 500, 'Stripe is having a bad day.');
        const form = new URLSearchParams(body);
        const refund = { paymentIntent: form.get('payment_intent'), amount: Number(form.get('amount')) };
        refunds.push(refund);
        res.end(
          JSON.stringify({ id: `re_${refunds.length}`, object: 'refund', status: 'succeeded', ...refund }),
        );
        return;
      }
      const session = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(path)?.[1];
      if (req.method === 'GET' && session && sessions.has(session)) {
        res.end(JSON.stringify(sessions.get(session)));
        return;
      }
      stripeError(res, 404, 'No such resource');
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(standIn.address() as { port: number }).port}`;
  stripeProvider = createStripeProvider(
    await createStripeClient({ secretKey: SECRET_KEY, apiUrl }),
    'http://localhost:3000',
  );
  t = await createTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

let n = 0;
/** A signed-in customer who bought the pro plan with 3 add-ons (8 panels, $2,900) by card. */
async function paidCustomer() {
  const c = new TestClient(t.app);
  const email = `deleting${++n}@example.com`;
  await c.signUp('Leaving Customer', email, 'password-1');
  await c.signIn(email, 'password-1');
  const res = await c.post('/api/checkout', { planId: 'pro', additionalPanels: 3, method: 'card' });
  expect(res.statusCode).toBe(200);
  const { url, orderId } = res.json() as { url: string; orderId: number };
  const sessionId = url.split('/').at(-1)!;
  const paid = await deliver('checkout.session.completed', {
    ...sessions.get(sessionId),
    status: 'complete',
    payment_status: 'paid',
    invoice: `in_${sessionId}`,
    subscription: `sub_${sessionId}`,
    customer: `cus_${sessionId}`,
  });
  expect(paid.statusCode).toBe(200);
  return { c, email, orderId, subscriptionId: `sub_${sessionId}`, invoiceId: `in_${sessionId}` };
}

const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (orderId: number) =>
  t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const panelsOf = (orderId: number) => t.database.db.select().from(panels).where(eq(panels.orderId, orderId));
const auditActions = async (orderId: number) =>
  (
    await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(orderId))))
  ).map((r) => r.action);
/** No stock left for the next order, so it waits. */
const emptyStock = () =>
  t.database.db.update(panels).set({ status: 'retired' }).where(eq(panels.status, 'available'));

function stripeProviderFor(name: string) {
  return name === 'stripe' ? stripeProvider : null;
}

describe('deleting an account that pays through Stripe', () => {
  it('cancels its live subscription at Stripe at once, and refunds nothing for delivered panels', async () => {
    await emptyStock();
    await addStock(t.database.db, 8);
    const { c, email, orderId, subscriptionId, invoiceId } = await paidCustomer();
    expect((await orderRow(orderId)).status).toBe('completed');

    expect((await c.post('/api/me/delete', { confirmEmail: email })).statusCode).toBe(204);

    expect(calls).toContain(`DELETE /v1/subscriptions/${subscriptionId}`);
    expect(canceledSubscriptions.has(subscriptionId)).toBe(true);
    expect(calls).not.toContain(`GET /v1/invoices/${invoiceId}`);
    expect(await orderRow(orderId)).toMatchObject({
      userId: null,
      status: 'completed',
      subscriptionStatus: 'expired',
    });
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['completed']);
    expect((await panelsOf(orderId)).every((p) => p.status === 'retired')).toBe(true);
    expect(await auditActions(orderId)).toContain('subscription.provider_canceled');
    await t.drainOutbox();
    const mail = t.mailer.lastTo(email);
    expect(mail?.subject).toBe('Your account has been deleted');
    expect(mail?.text).toContain(
      `The subscription of order ${orderId} has ended and will not be charged again.`,
    );
  });

  it('cancels and refunds a paid order still waiting for stock, and a restock passes it by', async () => {
    await emptyStock();
    await addStock(t.database.db, 3);
    const { c, email, orderId, subscriptionId, invoiceId } = await paidCustomer();
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid' });
    expect(await panelsOf(orderId)).toHaveLength(3);

    expect((await c.post('/api/me/delete', { confirmEmail: email })).statusCode).toBe(204);

    expect(calls).toContain(`DELETE /v1/subscriptions/${subscriptionId}`);
    expect(refunds).toContainEqual({ paymentIntent: `pi_${invoiceId}`, amount: 290_000 });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ userId: null, status: 'refunded', subscriptionStatus: 'expired' });
    expect(order.refundedAt).not.toBeNull();
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['refunded']);
    const delivered = await panelsOf(orderId);
    expect(delivered.map((p) => p.status)).toEqual(['retired', 'retired', 'retired']);

    await addStock(t.database.db, 10);
    const filled = await fillWaitingOrders(t.database.db);
    expect(filled.map((f) => f.orderId)).not.toContain(orderId);
    expect(await panelsOf(orderId)).toHaveLength(3);

    await t.drainOutbox();
    const mail = t.mailer.lastTo(email);
    expect(mail?.text).toContain(
      `Order ${orderId} was still waiting for panels, so we canceled it and refunded $2,900.`,
    );
  });

  it('logs and marks what Stripe refused, and the sweep finishes the cancel and the refund', async () => {
    await emptyStock();
    const { c, email, orderId, subscriptionId, invoiceId } = await paidCustomer();
    refuse.cancel = true;
    refuse.refund = true;
    try {
      expect((await c.post('/api/me/delete', { confirmEmail: email })).statusCode).toBe(204);
      // Claimed in our records, money not moved yet: the markers the sweep works from.
      expect(await orderRow(orderId)).toMatchObject({
        userId: null,
        status: 'canceled',
        subscriptionStatus: 'canceled',
      });
      expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['completed']);
      expect(await auditActions(orderId)).toEqual(
        expect.arrayContaining([
          'order.canceled',
          'subscription.provider_cancel_failed',
          'refund.provider_failed',
        ]),
      );
      await t.drainOutbox();
      const mail = t.mailer.lastTo(email);
      expect(mail?.text).toContain(
        `Our payment provider has not yet confirmed the end of the subscription of order ${orderId}`,
      );
      expect(mail?.text).toContain(
        'The refund of $2,900 has not gone through yet; we keep trying automatically.',
      );

      const errors: { orderId?: number }[] = [];
      const log = { error: (obj: { orderId?: number }) => errors.push(obj) };
      const deps = { db: t.database.db, providerFor: stripeProviderFor, log, now: () => new Date() };
      const stillRefused = await sweepDeletedAccountOrders(deps);
      expect(stillRefused.filter((s) => s.orderId === orderId)).toEqual([
        { orderId, step: 'cancel', done: false },
        { orderId, step: 'refund', done: false },
      ]);
      expect(errors.filter((e) => e.orderId === orderId)).toHaveLength(2);

      refuse.cancel = false;
      refuse.refund = false;
      const finished = await sweepDeletedAccountOrders(deps);
      expect(finished.filter((s) => s.orderId === orderId)).toEqual([
        { orderId, step: 'cancel', done: true },
        { orderId, step: 'refund', done: true },
      ]);
      expect(canceledSubscriptions.has(subscriptionId)).toBe(true);
      expect(refunds).toContainEqual({ paymentIntent: `pi_${invoiceId}`, amount: 290_000 });
      expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', subscriptionStatus: 'expired' });
      expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['refunded']);
      // Done: the next round leaves it alone.
      expect((await sweepDeletedAccountOrders(deps)).filter((s) => s.orderId === orderId)).toEqual([]);
    } finally {
      refuse.cancel = false;
      refuse.refund = false;
    }
  });

  it('the sweep also ends the Stripe subscription of an account deleted before deletion told Stripe', async () => {
    const [legacy] = await t.database.db
      .insert(orders)
      .values({
        userId: null,
        planId: 'basic',
        quantity: 1,
        totalCents: 50_000,
        status: 'completed',
        paymentMethod: 'card',
        provider: 'stripe',
        providerSubscriptionId: 'sub_legacy',
        subscriptionStatus: 'canceled',
      })
      .returning();
    const deps = {
      db: t.database.db,
      providerFor: stripeProviderFor,
      log: { error: () => {} },
      now: () => new Date(),
    };
    const steps = await sweepDeletedAccountOrders(deps);
    expect(steps).toContainEqual({ orderId: legacy!.id, step: 'cancel', done: true });
    expect(calls).toContain('DELETE /v1/subscriptions/sub_legacy');
    expect((await orderRow(legacy!.id)).subscriptionStatus).toBe('expired');
  });
});
