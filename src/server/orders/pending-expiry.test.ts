import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sandboxSessions } from '../db/schema';
import { createSandboxProvider } from '../payments/sandbox/provider';
import { createStripeClient } from '../payments/stripe/client';
import { createStripeProvider } from '../payments/stripe/provider';
import { customerSeries, shopWithAdmin } from '../testing/accounts';
import { insertCustomer } from '../testing/orders';
import { sweepDeps, type TestApp, type TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { expireCardCheckouts } from './pending-expiry';
import { createPendingOrderSweep } from './pending-runner';

/*
 * Abandoned checkouts end (D5): card orders after the provider session's 24 hours, bank
 * transfer and crypto orders after MANUAL_PAYMENT_DAYS with one reminder half-way. Time is
 * the app's clock, moved by the test.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = new Date('2026-03-01T12:00:00Z');
const ENV = { RATE_LIMIT_MULTIPLIER: '10' };
const database = TEST_DATABASE_NAME;
const silent = { info: () => {}, error: () => {} };

let clock = START;
let t: TestApp;
let admin: TestClient;
let sweep: ReturnType<typeof createPendingOrderSweep>;

beforeAll(async () => {
  ({ t, admin } = await shopWithAdmin({ env: ENV, clock: () => clock, stock: 10 }));
  const db = t.database.db;
  const sandbox = createSandboxProvider(db);
  sweep = createPendingOrderSweep({
    ...sweepDeps(t, ENV, () => clock),
    providerFor: (name) => (name === 'sandbox' ? sandbox : null),
  });
});
afterAll(() => t.close());

const customer = customerSeries(() => t.app, 'pending');

/** A new customer's card checkout of the basic plan, left open: its order and its sandbox session. */
async function openCardCheckout() {
  const { c } = await customer();
  const res = await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'card' });
  const { url, orderId } = res.json() as { url: string; orderId: number };
  return { c, orderId, sessionId: url.split('/').at(-1)! };
}

const at = (ms: number) => new Date(START.getTime() + ms);
/** A one-panel order of `userId` placed at START and never paid. */
async function unpaidOrder(
  userId: string,
  payment: Pick<typeof orders.$inferInsert, 'paymentMethod' | 'provider' | 'providerSessionId'>,
) {
  const [order] = await t.database.db
    .insert(orders)
    .values({ userId, planId: 'basic', quantity: 1, totalCents: 50_000, createdAt: START, ...payment })
    .returning();
  return order!;
}
const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const mailsTo = async (email: string) => {
  await t.drainOutbox();
  return t.mailer.sent.filter((m) => m.to === email).map((m) => m.subject);
};

describe(`abandoned card checkouts on ${database}`, () => {
  it('cancel after 24 hours as checkout expired, and the sandbox session closes with them', async () => {
    clock = START;
    const { c, orderId, sessionId } = await openCardCheckout();

    clock = at(24 * HOUR - 60_000);
    await sweep.run();
    expect((await orderRow(orderId)).status).toBe('pending_payment');

    clock = at(24 * HOUR);
    await sweep.run();
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'canceled', cancelReason: 'checkout_expired' });
    expect(order.canceledAt?.toISOString()).toBe(clock.toISOString());
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, sessionId));
    expect(session?.status).toBe('expired');

    // The customer and the admin read the reason.
    const mine = (await c.get('/api/me/orders')).json().orders.find((o: { id: number }) => o.id === orderId);
    expect(mine).toMatchObject({
      status: 'canceled',
      cancelReason: 'checkout_expired',
      resumeCheckout: false,
    });
    expect((await admin.get(`/api/admin/orders/${orderId}`)).json().order).toMatchObject({
      status: 'canceled',
      cancelReason: 'checkout_expired',
    });
  });

  it('leave a checkout the provider reports paid to its payment event', async () => {
    clock = START;
    const { orderId, sessionId } = await openCardCheckout();
    // Paid at the provider, its event not applied yet.
    await t.database.db
      .update(sandboxSessions)
      .set({ status: 'paid' })
      .where(eq(sandboxSessions.id, sessionId));
    clock = at(25 * HOUR);
    await sweep.run();
    expect((await orderRow(orderId)).status).toBe('pending_payment');
  });
});

describe(`unpaid bank transfer and crypto orders on ${database}`, () => {
  it('are reminded once half-way and canceled after 7 days as payment not received', async () => {
    clock = START;
    const { c, email } = await customer();
    const { orderId } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' })
    ).json() as { orderId: number };
    expect(await mailsTo(email)).toEqual([`Payment instructions for order ${orderId}`]);

    clock = at(3.5 * DAY - 60_000);
    await sweep.run();
    expect(await mailsTo(email)).toHaveLength(1);

    clock = at(3.5 * DAY);
    await sweep.run();
    clock = at(4 * DAY);
    await sweep.run();
    const reminder = `Reminder: order ${orderId} is waiting for your payment`;
    expect(await mailsTo(email)).toEqual([`Payment instructions for order ${orderId}`, reminder]);
    const text = t.mailer.lastTo(email)?.text ?? '';
    expect(text).toContain('Please pay by 2026-03-08');
    expect(text).toContain(`Reference: order ${orderId}`);
    expect(text).toContain('IBAN / account number:');
    expect((await orderRow(orderId)).paymentReminderSentAt?.toISOString()).toBe(at(3.5 * DAY).toISOString());

    clock = at(7 * DAY - 60_000);
    await sweep.run();
    expect((await orderRow(orderId)).status).toBe('pending_payment');

    clock = at(7 * DAY);
    await sweep.run();
    await sweep.run();
    expect(await orderRow(orderId)).toMatchObject({
      status: 'canceled',
      cancelReason: 'payment_not_received',
    });
    expect(await mailsTo(email)).toEqual([
      `Payment instructions for order ${orderId}`,
      reminder,
      `Order ${orderId} canceled: payment not received`,
    ]);
    expect((await c.get(`/api/orders/${orderId}/payment-instructions`)).json()).toMatchObject({
      status: 'canceled',
      cancelReason: 'payment_not_received',
      due: null,
    });
    expect((await admin.get(`/api/admin/orders/${orderId}`)).json().order.cancelReason).toBe(
      'payment_not_received',
    );

    // A transfer that arrives after all is still taken: the admin marks the order paid.
    expect((await admin.post(`/api/admin/orders/${orderId}/mark-paid`)).json()).toEqual({ paid: true });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'completed',
      cancelReason: null,
      canceledAt: null,
    });
  });

  it('count the window from MANUAL_PAYMENT_DAYS, and leave a paid order alone', async () => {
    const env = { ...ENV, MANUAL_PAYMENT_DAYS: '2' };
    const short = createPendingOrderSweep({ ...sweepDeps(t, env, () => clock), providerFor: () => null });
    clock = START;
    const { c, email } = await customer();
    const { orderId } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'crypto' })
    ).json() as { orderId: number };
    const paid = (
      await c.post('/api/checkout', { planId: 'pro', additionalPanels: 0, method: 'crypto' })
    ).json() as { orderId: number };
    expect((await admin.post(`/api/admin/orders/${paid.orderId}/mark-paid`)).json()).toEqual({ paid: true });

    clock = at(DAY);
    await short.run();
    expect((await mailsTo(email)).filter((s) => s.startsWith('Reminder'))).toEqual([
      `Reminder: order ${orderId} is waiting for your payment`,
    ]);
    clock = at(2 * DAY);
    await short.run();
    expect((await orderRow(orderId)).cancelReason).toBe('payment_not_received');
    expect((await orderRow(paid.orderId)).status).not.toBe('canceled');
  });

  it('of a deleted account end as account deleted, with no e-mail', async () => {
    clock = START;
    const gone = await insertCustomer(t.database.db);
    const order = await unpaidOrder(gone.id, { paymentMethod: 'bank_transfer', provider: 'manual' });
    await t.database.db.update(orders).set({ userId: null }).where(eq(orders.id, order.id));
    clock = at(8 * DAY);
    const { mail } = await t.mailSentBy(() => sweep.run());
    expect((await orderRow(order.id)).cancelReason).toBe('account_deleted');
    expect(mail.filter((m) => m.subject.includes(`order ${order.id}`))).toEqual([]);
  });
});

describe(`Stripe checkouts on ${database}`, () => {
  const expired: string[] = [];
  const sessions = new Map<string, { status: string; payment_status: string }>();
  let standIn: Server;
  let apiUrl = '';

  beforeAll(async () => {
    // Stripe's two endpoints the expiry calls, as a local stand-in for the real SDK.
    standIn = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      const match = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(req.url ?? '');
      const session = match ? sessions.get(match[1]!) : undefined;
      if (!match || !session) {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such session' } }));
        return;
      }
      const body = { id: match[1], object: 'checkout.session', ...session };
      if (req.method === 'POST' && match[2]) {
        if (session.status !== 'open') {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Not open' } }));
          return;
        }
        session.status = 'expired';
        expired.push(match[1]!);
        res.end(JSON.stringify({ ...body, status: 'expired' }));
        return;
      }
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(standIn.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

  async function stripeOrder(sessionId: string, session: { status: string; payment_status: string }) {
    sessions.set(sessionId, session);
    const owner = await insertCustomer(t.database.db);
    const order = await unpaidOrder(owner.id, {
      paymentMethod: 'card',
      provider: 'stripe',
      providerSessionId: sessionId,
    });
    return order.id;
  }

  it('expire the Checkout Session at Stripe before canceling its order', async () => {
    const stripe = createStripeProvider(
      await createStripeClient({ secretKey: 'sk_test_expiry', apiUrl }),
      'http://localhost',
    );
    const deps = {
      db: t.database.db,
      providerFor: (name: string) => (name === 'stripe' ? stripe : null),
      log: silent,
    };
    const open = await stripeOrder('cs_test_open', { status: 'open', payment_status: 'unpaid' });
    const done = await stripeOrder('cs_test_paid', { status: 'complete', payment_status: 'paid' });
    const lapsed = await stripeOrder('cs_test_lapsed', { status: 'expired', payment_status: 'unpaid' });

    const canceled = await expireCardCheckouts(deps, at(24 * HOUR));
    expect(expired).toEqual(['cs_test_open']);
    expect(canceled.filter((id) => [open, done, lapsed].includes(id)).sort()).toEqual([open, lapsed].sort());
    expect(await orderRow(open)).toMatchObject({ status: 'canceled', cancelReason: 'checkout_expired' });
    expect((await orderRow(done)).status).toBe('pending_payment');
  });
});
