import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, panels, payments, sandboxSessions, workspaces } from '../db/schema';
import type { PaymentProvider } from '../payments/provider';
import { customerSeries, signedInAccount } from '../testing/accounts';
import { addStock } from '../testing/inventory';
import { insertCustomer } from '../testing/orders';
import { createTestApp, TestClient, testAppForSuite } from '../testing/test-app';
import { activate, addMember, newWorkspace, person } from '../testing/workspaces';
import { startCheckout } from './checkout';

const t = testAppForSuite();
beforeAll(async () => {
  await t.app.ready();
  await addStock(t.database.db, 40);
});

const customer = customerSeries(() => t.app, 'buyer');

async function orderCount() {
  const [row] = await t.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

describe('checkout validation', () => {
  it('rejects bad selections with a clear 400 and creates no order', async () => {
    const { c } = await customer();
    const before = await orderCount();
    const cases: [unknown, string][] = [
      [
        { planId: 'basic', additionalPanels: 5, method: 'card' },
        'The Basic plan allows at most 4 additional panels.',
      ],
      [{ planId: 'pro', additionalPanels: 21, method: 'card' }, 'at most 20'],
      [{ planId: 'enterprise', additionalPanels: 1001, method: 'card' }, '1,000'],
      [{ planId: 'platinum', additionalPanels: 0, method: 'card' }, ''],
      [{ planId: 'pro', additionalPanels: -1, method: 'card' }, ''],
      [{ planId: 'pro', additionalPanels: 1.5, method: 'card' }, ''],
      [{ planId: 'pro', additionalPanels: '3', method: 'card' }, ''],
      [{ planId: 'pro', additionalPanels: 3, method: 'card', totalCents: 1 }, 'Unknown field'],
      [{ planId: 'pro', additionalPanels: 3, method: 'paypal' }, ''],
      [{}, ''],
    ];
    for (const [body, message] of cases) {
      const res = await c.post('/api/checkout', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await orderCount()).toBe(before);
  });

  it('requires a signed-in customer', async () => {
    const res = await new TestClient(t.app).post('/api/checkout', {
      planId: 'pro',
      additionalPanels: 0,
      method: 'card',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('buying in the sandbox', () => {
  it('prices pro + 3 add-ons at $2,900, pays, and delivers 8 panels to the buyer', async () => {
    const { c, email } = await customer();
    const res = await c.post('/api/checkout', { planId: 'pro', additionalPanels: 3, method: 'card' });
    expect(res.statusCode).toBe(200);
    const { url, orderId } = res.json() as { url: string; orderId: number };
    expect(url).toMatch(/^\/checkout\/sandbox\/cs_sandbox_[0-9a-f]+$/);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'pending_payment',
      totalCents: 290_000,
      quantity: 8,
      additionalPanels: 3,
    });

    const sessionId = url.split('/').at(-1)!;
    const summary = (await c.get(`/api/sandbox/sessions/${sessionId}`)).json();
    expect(summary).toMatchObject({
      orderId,
      planName: 'Pro',
      totalCents: 290_000,
      quantity: 8,
      status: 'open',
    });
    expect((await c.post('/api/payments/verify', { sessionId, orderId })).json()).toEqual({ success: false });

    const pay = await c.post(`/api/sandbox/sessions/${sessionId}/pay`);
    expect(pay.json().redirectUrl).toBe(`/payment-success?session_id=${sessionId}&order_id=${orderId}`);
    expect((await c.post('/api/payments/verify', { sessionId, orderId })).json()).toEqual({ success: true });
    expect((await c.get(`/api/orders/${orderId}/status`)).json()).toEqual({ status: 'completed' });
    expect((await c.get(`/api/payments/by-session/${sessionId}`)).json()).toEqual({
      paymentStatus: 'completed',
    });

    const panels = (await c.get('/api/me/panels')).json().panels as { status: string; orderId: number }[];
    expect(panels).toHaveLength(8);
    expect(panels.every((p) => p.status === 'active' && p.orderId === orderId)).toBe(true);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({
      amountCents: 290_000,
      status: 'completed',
      method: 'sandbox',
      provider: 'sandbox',
    });

    await t.drainOutbox();
    const subjects = t.mailer.sent.filter((m) => m.to === email).map((m) => m.subject);
    expect(subjects).toEqual([`Order ${orderId} confirmed`, 'Your 8 admin panels are ready']);

    // Paying again changes nothing.
    await c.post(`/api/sandbox/sessions/${sessionId}/pay`);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    expect((await c.get('/api/me/panels')).json().panels).toHaveLength(8);
  });

  it('reuses one order for a repeated submit of the same checkout', async () => {
    const { c } = await customer();
    const body = { planId: 'basic', additionalPanels: 1, method: 'card' };
    const [a, b] = await Promise.all([c.post('/api/checkout', body), c.post('/api/checkout', body)]);
    expect(a.json().orderId).toBe(b.json().orderId);
    expect(a.json().url).toBe(b.json().url);
    const again = await c.post('/api/checkout', body);
    expect(again.json().orderId).toBe(a.json().orderId);
    const other = await c.post('/api/checkout', { ...body, additionalPanels: 2 });
    expect(other.json().orderId).not.toBe(a.json().orderId);
  });

  it('cancels: the order is marked canceled and nothing is charged', async () => {
    const { c } = await customer();
    const { url, orderId } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'card' })
    ).json();
    const sessionId = url.split('/').at(-1);
    const res = await c.post(`/api/sandbox/sessions/${sessionId}/cancel`);
    expect(res.json().redirectUrl).toBe(`/payment-canceled?order_id=${orderId}`);
    expect((await c.get(`/api/orders/${orderId}/status`)).json()).toEqual({ status: 'canceled' });
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(0);
    expect((await c.post(`/api/orders/${orderId}/abandon`)).json()).toEqual({ status: 'canceled' });
  });

  it("keeps one customer's checkout and orders away from another (404)", async () => {
    const a = await customer();
    const b = await customer();
    const { url, orderId } = (
      await a.c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'card' })
    ).json();
    const sessionId = url.split('/').at(-1);
    expect((await b.c.get(`/api/sandbox/sessions/${sessionId}`)).statusCode).toBe(404);
    expect((await b.c.post(`/api/sandbox/sessions/${sessionId}/pay`)).statusCode).toBe(404);
    expect((await b.c.get(`/api/orders/${orderId}/status`)).statusCode).toBe(404);
    expect((await b.c.post(`/api/orders/${orderId}/abandon`)).statusCode).toBe(404);
    expect((await b.c.post('/api/payments/verify', { orderId })).json()).toEqual({ success: false });
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, String(sessionId)));
    expect(session?.status).toBe('open');
  });
});

describe('manual payments', () => {
  it('e-mails instructions, waits, and an admin marks it paid through the same path', async () => {
    const { c, email } = await customer();
    const res = await c.post('/api/checkout', {
      planId: 'basic',
      additionalPanels: 0,
      method: 'bank_transfer',
    });
    const { url, orderId } = res.json();
    expect(url).toBe(`/checkout/manual/${orderId}`);
    await t.drainOutbox();
    const mail = t.mailer.lastTo(email);
    expect(mail?.subject).toBe(`Payment instructions for order ${orderId}`);
    expect(mail?.text).toContain('Amount: $500');
    expect(mail?.text).toContain(`Reference: order ${orderId}`);
    expect((await c.post('/api/payments/verify', { orderId })).json()).toEqual({ success: false });

    expect((await c.post(`/api/admin/orders/${orderId}/mark-paid`)).statusCode).toBe(403);
    const { client: admin } = await signedInAccount(t.app, t.database.db, {
      email: 'boss@example.com',
      name: 'Boss',
      role: 'admin',
    });
    expect((await admin.post(`/api/admin/orders/${orderId}/mark-paid`)).json()).toEqual({ paid: true });
    expect((await admin.post(`/api/admin/orders/${orderId}/mark-paid`)).json()).toEqual({ paid: false });
    expect((await c.get(`/api/orders/${orderId}/status`)).json()).toEqual({ status: 'completed' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ method: 'bank_transfer', provider: 'manual', amountCents: 50_000 });
    const sold = await t.database.db
      .select({ n: count() })
      .from(panels)
      .where(and(eq(panels.orderId, orderId), eq(panels.status, 'sold')));
    expect(sold[0]?.n).toBe(1);
  });

  it('mails the instructions to a workspace admin who placed the order, beside the billing recipients', async () => {
    const owner = await person(t.app, t.database.db, 'team-owner@example.com');
    const manager = await person(t.app, t.database.db, 'team-admin@example.com');
    const workspaceId = await newWorkspace(owner.client, 'Ordering team');
    await addMember(t.database.db, workspaceId, manager.id, 'admin');
    await activate(manager.client, workspaceId);
    const res = await manager.client.post('/api/checkout', {
      planId: 'basic',
      additionalPanels: 0,
      method: 'bank_transfer',
    });
    expect(res.statusCode).toBe(200);
    const { orderId } = res.json();
    await t.drainOutbox();
    const subject = `Payment instructions for order ${orderId}`;
    const to = t.mailer.sent.filter((m) => m.subject === subject).map((m) => m.to);
    // The owner as the billing recipient, the admin as the one who ordered; one e-mail each.
    expect(to.sort()).toEqual([manager.email, owner.email].sort());
  });

  it('refuses a method the operator turned off', async () => {
    const off = await createTestApp({ MANUAL_PAYMENT_METHODS: 'none' });
    try {
      const c = new TestClient(off.app);
      await c.signUp('Zed', 'zed@example.com', 'password-1');
      await c.signIn('zed@example.com', 'password-1');
      const res = await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'crypto' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('method_unavailable');
    } finally {
      await off.close();
    }
  });
});

describe('a workspace deleted while its checkout was on the way', () => {
  it('takes no order into it: the checkout finds it gone and says so', async () => {
    const db = t.database.db;
    const buyer = await insertCustomer(db);
    const [workspace] = await db
      .insert(workspaces)
      .values({ name: 'Gone Ltd', createdBy: buyer.id, deletedAt: new Date() })
      .returning({ id: workspaces.id });
    const before = await orderCount();
    const untouched: PaymentProvider = {
      name: 'sandbox',
      createCheckout: () => Promise.reject(new Error('no session may be opened')),
      retrieveCheckout: () => Promise.reject(new Error('no session may be read')),
    } as PaymentProvider;
    const refusal = startCheckout(
      {
        db,
        providers: { card: untouched, manual: untouched },
        manualMethods: [],
        seller: { country: 'US', taxRateBasisPoints: 0 },
        now: () => new Date(),
        log: { error: () => {} },
      },
      { id: buyer.id, email: buyer.email, workspaceId: workspace!.id },
      { planId: 'basic', additionalPanels: 0, method: 'card' },
    );
    await expect(refusal).rejects.toMatchObject({
      statusCode: 404,
      message: 'This workspace was deleted: switch to another one to order.',
    });
    expect(await orderCount()).toBe(before);
  });
});
