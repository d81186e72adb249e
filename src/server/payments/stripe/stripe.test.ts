import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema';
import { addStock } from '../../testing/inventory';
import { createTestApp, type TestApp, TestClient } from '../../testing/test-app';

/*
 * Stripe without the network: the real SDK talks to a local stand-in for the two Checkout
 * endpoints we call, and webhooks are signed with the SDK's own test helper.
 */
const WEBHOOK_SECRET = 'whsec_test_panelhub';
const sessions = new Map<string, Record<string, unknown>>();
const requests: URLSearchParams[] = [];
let standIn: Server;
let t: TestApp;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        requests.push(form);
        const id = `cs_test_${sessions.size + 1}`;
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
      const match = /^\/v1\/checkout\/sessions\/([\w]+)/.exec(req.url ?? '');
      const session = match ? sessions.get(match[1]!) : undefined;
      if (req.method === 'GET' && session) {
        res.end(JSON.stringify(session));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such resource' } }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const port = (standIn.address() as { port: number }).port;
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_panelhub',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
  await t.app.ready();
  await addStock(t.database.db, 30);
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

function deliver(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; secret?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

async function buy(c: TestClient) {
  const res = await c.post('/api/checkout', { planId: 'pro', additionalPanels: 3, method: 'card' });
  expect(res.statusCode).toBe(200);
  const { url, orderId } = res.json() as { url: string; orderId: number };
  const sessionId = url.split('/').at(-1)!;
  return { url, orderId, sessionId };
}

const paidSession = (sessionId: string, extra: Record<string, unknown> = {}) => ({
  ...sessions.get(sessionId),
  status: 'complete',
  payment_status: 'paid',
  invoice: `in_first_${sessionId}`,
  subscription: `sub_${sessionId}`,
  customer: `cus_${sessionId}`,
  ...extra,
});

const invoice = (sessionId: string, invoiceId: string, start: number, end: number) => ({
  id: invoiceId,
  object: 'invoice',
  amount_paid: 290_000,
  period_start: start,
  period_end: end,
  parent: { type: 'subscription_details', subscription_details: { subscription: `sub_${sessionId}` } },
  lines: { object: 'list', data: [{ period: { start, end } }] },
});

let n = 0;
async function customer() {
  const c = new TestClient(t.app);
  const email = `stripe${++n}@example.com`;
  await c.signUp('Stripe Buyer', email, 'password-1');
  await c.signIn(email, 'password-1');
  return c;
}

describe('Stripe checkout', () => {
  it('opens a subscription checkout with server prices as monthly line items', async () => {
    const c = await customer();
    const { url, orderId } = await buy(c);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const form = requests.at(-1)!;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('200000');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('30000');
    expect(form.get('line_items[1][quantity]')).toBe('3');
    expect(form.get('metadata[orderId]')).toBe(String(orderId));
    expect(form.get('success_url')).toBe(
      `http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}&order_id=${orderId}`,
    );
    expect(form.get('cancel_url')).toBe(`http://localhost:3000/payment-canceled?order_id=${orderId}`);
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const c = await customer();
    const { orderId, sessionId } = await buy(c);
    const res = await deliver('checkout.session.completed', paidSession(sessionId), {
      secret: 'whsec_wrong',
    });
    expect(res.statusCode).toBe(400);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('pending_payment');
  });

  it('applies each event once and is safe out of order; renewals and failures follow', async () => {
    const c = await customer();
    const { orderId, sessionId } = await buy(c);
    const now = Math.floor(Date.now() / 1000);
    const month = 30 * 24 * 3600;

    // The first invoice arrives before the checkout completion: deferred, nothing recorded.
    const early = await deliver(
      'invoice.paid',
      invoice(sessionId, `in_first_${sessionId}`, now, now + month),
    );
    expect(early.statusCode).toBe(503);

    const done = await deliver('checkout.session.completed', paidSession(sessionId), {
      id: `evt_done_${sessionId}`,
    });
    expect(done.json().result).toBe('applied');
    expect(
      (
        await deliver('checkout.session.completed', paidSession(sessionId), { id: `evt_done_${sessionId}` })
      ).json().result,
    ).toBe('duplicate');
    // Redelivered first invoice: same charge, no second payment.
    expect(
      (await deliver('invoice.paid', invoice(sessionId, `in_first_${sessionId}`, now, now + month)))
        .statusCode,
    ).toBe(200);
    let rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 290_000, method: 'card', provider: 'stripe' });
    const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid).toMatchObject({
      status: 'completed',
      providerSubscriptionId: `sub_${sessionId}`,
      subscriptionStatus: 'active',
    });
    expect((await c.get('/api/me/panels')).json().panels).toHaveLength(8);

    // A failed renewal, then the renewal paid.
    await deliver(
      'invoice.payment_failed',
      invoice(sessionId, `in_fail_${sessionId}`, now + month, now + 2 * month),
    );
    let [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.subscriptionStatus).toBe('past_due');
    await deliver('invoice.paid', invoice(sessionId, `in_second_${sessionId}`, now + month, now + 2 * month));
    rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(2);
    [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.subscriptionStatus).toBe('active');
    expect(row?.currentPeriodEnd?.getTime()).toBe((now + 2 * month) * 1000);

    await deliver('customer.subscription.updated', {
      id: `sub_${sessionId}`,
      object: 'subscription',
      cancel_at_period_end: true,
      items: { object: 'list', data: [{ current_period_end: now + 2 * month }] },
    });
    [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.cancelAtPeriodEnd).toBe(true);
  });

  it('verification asks Stripe and confirms a paid session whose webhook has not arrived', async () => {
    const c = await customer();
    const { orderId, sessionId } = await buy(c);
    expect((await c.post('/api/payments/verify', { sessionId, orderId })).json()).toEqual({ success: false });
    sessions.set(sessionId, paidSession(sessionId));
    expect((await c.post('/api/payments/verify', { sessionId, orderId })).json()).toEqual({ success: true });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('completed');
    // The webhook arriving later is harmless.
    await deliver('checkout.session.completed', paidSession(sessionId));
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
  });

  it('has no sandbox checkout when Stripe is the provider', async () => {
    const c = await customer();
    expect((await c.post('/api/sandbox/sessions/cs_sandbox_x/pay')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/webhooks/sandbox', payload: {} })).statusCode,
    ).toBe(404);
  });
});
