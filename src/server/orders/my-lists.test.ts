import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSubscriptionSweep } from '../billing/subscriptions/subscriptions';
import { createPanelCipher } from '../crypto/panel-password';
import { orders, panels, sandboxSessions } from '../db/schema';
import { customerSeries, shopWithAdmin } from '../testing/accounts';
import { addStock } from '../testing/inventory';
import { insertOrder } from '../testing/orders';
import { type TestApp, TestClient } from '../testing/test-app';

// The customer's own lists (docs/product.md §4, §6): GET /api/me/panels paged and searched on
// the server, /api/me/panels/past, /api/me/orders with every status and where each leads, and
// the end date of a refunded subscription. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.

const DAY = 86_400_000;
let clock = new Date('2026-03-01T12:00:00Z');
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  ({ t, admin } = await shopWithAdmin({
    clock: () => clock,
    stock: 40,
    adminEmail: 'lists-admin@example.com',
  }));
});
afterAll(() => t.close());

const newCustomer = customerSeries(() => t.app, 'lists');
async function customer() {
  const { c, email } = await newCustomer();
  const id = (await c.get('/api/me')).json().user.id as string;
  return { c, email, id };
}

async function checkout(c: TestClient, method: 'card' | 'bank_transfer' = 'card', planId = 'basic') {
  const res = await c.post('/api/checkout', { planId, additionalPanels: 0, method });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; orderId: number };
}

async function buy(c: TestClient, planId = 'basic') {
  const { url, orderId } = await checkout(c, 'card', planId);
  await c.post(`/api/sandbox/sessions/${url.split('/').at(-1)}/pay`);
  return orderId;
}

/** `count` panels of one order of `userId`'s, straight into inventory, e-mails `<prefix>-<i>@...`. */
async function soldPanels(userId: string, count: number, prefix: string) {
  const cipher = createPanelCipher(t.secrets.panelSecretKey);
  const order = await insertOrder(t.database.db, { userId, quantity: count, status: 'completed' });
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}-${String(i).padStart(3, '0')}@Panels.example`,
    password: cipher.encrypt(`secret-${i}`),
    status: 'sold' as const,
    soldTo: userId,
    orderId: order.id,
    purchaseDate: new Date(clock.getTime() - i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 250)
    await t.database.db.insert(panels).values(rows.slice(i, i + 250));
}

describe('GET /api/me/panels (paged and searched on the server)', () => {
  let a: Awaited<ReturnType<typeof customer>>;
  let b: Awaited<ReturnType<typeof customer>>;

  beforeAll(async () => {
    a = await customer();
    b = await customer();
    await soldPanels(a.id, 500, 'many');
    await soldPanels(b.id, 15, 'theirs');
  });

  it('gives a customer with 500 panels 10 a page, newest purchase first, with the total', async () => {
    const first = (await a.c.get('/api/me/panels')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 500, pageCount: 50 });
    expect(first.panels).toHaveLength(10);
    expect(first.panels[0].email).toMatch(/-000@Panels\.example$/);
    expect(first.panels[0]).not.toHaveProperty('password');
    const last = (await a.c.get('/api/me/panels?page=50')).json();
    expect(last.panels).toHaveLength(10);
    expect(last.panels[9].email).toMatch(/-499@Panels\.example$/);
    const ids = new Set<number>();
    for (const page of [1, 2, 3]) {
      for (const p of (await a.c.get(`/api/me/panels?page=${page}`)).json().panels) ids.add(p.id);
    }
    expect(ids.size).toBe(30);
    expect((await a.c.get('/api/me/panels?page=51')).json().panels).toEqual([]);
  });

  it('searches e-mails case-insensitively, any fragment, with LIKE wildcards taken literally', async () => {
    const hit = (await a.c.get('/api/me/panels?search=-04')).json();
    expect(hit.total).toBe(10); // -040 .. -049
    expect(hit.panels.every((p: { email: string }) => p.email.includes('-04'))).toBe(true);
    expect((await a.c.get('/api/me/panels?search=PANELS.EXAMPLE')).json().total).toBe(500);
    expect((await a.c.get(`/api/me/panels?search=${encodeURIComponent('%')}`)).json().total).toBe(0);
    expect((await a.c.get('/api/me/panels?search=-1&page=2')).json()).toMatchObject({
      page: 2,
      total: 100, // -100 .. -199
      pageCount: 10,
    });
  });

  it("never lists another customer's panels, even when the search matches them", async () => {
    const theirs = (await a.c.get('/api/me/panels?search=theirs')).json();
    expect(theirs).toMatchObject({ total: 0, panels: [] });
    const bs = (await b.c.get('/api/me/panels?page=2')).json();
    expect(bs).toMatchObject({ total: 15, pageCount: 2 });
    expect(bs.panels).toHaveLength(5);
    expect(bs.panels.every((p: { email: string }) => p.email.startsWith('theirs-'))).toBe(true);
    expect((await new TestClient(t.app).get('/api/me/panels')).statusCode).toBe(401);
  });

  it('refuses bad paging and unknown parameters with a 400', async () => {
    for (const query of ['page=0', 'page=1001', 'page=x', 'sort=email', `search=${'x'.repeat(201)}`]) {
      const res = await a.c.get(`/api/me/panels?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
  });
});

describe('GET /api/me/orders (every status, owner only, with where each order leads)', () => {
  it("lists the owner's orders of every status, newest first, and nobody else's", async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const a = await customer();
    const b = await customer();
    const completed = await buy(a.c);
    clock = new Date(clock.getTime() + 60_000);
    const refunded = await buy(a.c, 'pro');
    clock = new Date(clock.getTime() + 60_000);
    const canceled = (await checkout(a.c)).orderId;
    await a.c.post(`/api/orders/${canceled}/abandon`);
    clock = new Date(clock.getTime() + 60_000);
    const manual = (await checkout(a.c, 'bank_transfer')).orderId;
    clock = new Date(clock.getTime() + 60_000);
    // Another selection than the paid order's below, or the checkout would reuse this order.
    const card = (await checkout(a.c, 'card', 'enterprise')).orderId;
    // A paid order still waiting for stock: stock is empty for this one.
    await t.database.db.update(panels).set({ status: 'retired' }).where(eq(panels.status, 'available'));
    clock = new Date(clock.getTime() + 60_000);
    const paid = await buy(a.c, 'pro');
    const theirs = await buy(b.c);
    const asked = (await a.c.post(`/api/me/orders/${refunded}/refund-request`, { reason: 'No' })).json();
    expect((await admin.post(`/api/admin/refunds/${asked.id}/approve`)).statusCode).toBe(200);

    const page = (await a.c.get('/api/me/orders')).json();
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 6, pageCount: 1 });
    expect(page.orders.map((o: { id: number }) => o.id)).toEqual([
      paid,
      card,
      manual,
      canceled,
      refunded,
      completed,
    ]);
    const byId = new Map(page.orders.map((o: { id: number }) => [o.id, o]));
    expect(byId.get(completed)).toMatchObject({
      status: 'completed',
      quantity: 1,
      totalCents: 50_000,
      instructionsPath: null,
      resumeCheckout: false,
      invoices: [
        expect.objectContaining({ invoice: expect.stringMatching(/^INV-\d{4,}$/), status: 'completed' }),
      ],
    });
    expect(byId.get(completed)).toMatchObject({
      paidAt: expect.any(String),
      completedAt: expect.any(String),
    });
    expect(byId.get(refunded)).toMatchObject({
      status: 'refunded',
      refundedAt: clock.toISOString(),
      invoices: [expect.objectContaining({ status: 'refunded' })],
    });
    expect(byId.get(paid)).toMatchObject({ status: 'paid', delivered: 0, invoices: [expect.any(Object)] });
    expect(byId.get(canceled)).toMatchObject({
      status: 'canceled',
      canceledAt: expect.any(String),
      instructionsPath: null,
      resumeCheckout: false,
      invoices: [],
    });
    expect(byId.get(manual)).toMatchObject({
      status: 'pending_payment',
      instructionsPath: `/checkout/manual/${manual}`,
      resumeCheckout: false,
      invoices: [],
    });
    expect(byId.get(card)).toMatchObject({
      status: 'pending_payment',
      instructionsPath: null,
      resumeCheckout: true,
    });

    // Each invoice link downloads that invoice, for the owner only.
    const pdf = (byId.get(completed) as { invoices: { pdfPath: string }[] }).invoices[0]!.pdfPath;
    expect((await a.c.get(pdf)).headers['content-type']).toBe('application/pdf');
    expect((await b.c.get(pdf)).statusCode).toBe(404);

    // The status filter, and the other customer's view.
    const pending = (await a.c.get('/api/me/orders?status=pending_payment')).json();
    expect(pending.orders.map((o: { id: number }) => o.id)).toEqual([card, manual]);
    const bs = (await b.c.get('/api/me/orders')).json();
    expect(bs.orders.map((o: { id: number }) => o.id)).toEqual([theirs]);
    expect((await b.c.get(`/api/me/orders/${manual}`)).statusCode).toBe(404);
    expect((await a.c.get(`/api/me/orders/${manual}`)).json()).toMatchObject({
      id: manual,
      status: 'pending_payment',
    });
    expect((await a.c.get('/api/me/orders?status=lost')).statusCode).toBe(400);
  });

  it('pages through many orders, 10 a page', async () => {
    const a = await customer();
    const rows = Array.from({ length: 23 }, (_, i) => ({
      userId: a.id,
      planId: 'basic',
      quantity: 5,
      totalCents: 50_000,
      status: 'canceled' as const,
      paymentMethod: 'card',
      provider: 'sandbox',
      createdAt: new Date(clock.getTime() - i * DAY),
    }));
    await t.database.db.insert(orders).values(rows);
    const third = (await a.c.get('/api/me/orders?page=3')).json();
    expect(third).toMatchObject({ page: 3, total: 23, pageCount: 3 });
    expect(third.orders).toHaveLength(3);
  });

  it("resumes a card order's checkout while it is open, and cancels the order once it is not", async () => {
    const a = await customer();
    const b = await customer();
    const { url, orderId } = await checkout(a.c);
    expect((await b.c.post(`/api/me/orders/${orderId}/checkout`)).statusCode).toBe(404);
    const resumed = await a.c.post(`/api/me/orders/${orderId}/checkout`);
    expect(resumed.json()).toEqual({ url });

    await t.database.db
      .update(sandboxSessions)
      .set({ status: 'expired' })
      .where(eq(sandboxSessions.id, url.split('/').at(-1)!));
    const closed = await a.c.post(`/api/me/orders/${orderId}/checkout`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('checkout_closed');
    expect((await a.c.get(`/api/me/orders/${orderId}`)).json()).toMatchObject({
      status: 'canceled',
      resumeCheckout: false,
    });
    const again = await a.c.post(`/api/me/orders/${orderId}/checkout`);
    expect(again.json().error.code).toBe('not_awaiting_card_payment');
  });
});

describe('past panels and the end of a refunded subscription (docs/product.md §4)', () => {
  it('a refunded subscription ends on the refund date, and its panels are listed as refunded', async () => {
    // Enough for the orders above still waiting for stock, and for the ones below.
    await addStock(t.database.db, 30, { key: t.secrets.panelSecretKey });
    clock = new Date('2026-03-01T12:00:00Z');
    const a = await customer();
    const kept = await buy(a.c, 'pro');
    const refunded = await buy(a.c, 'pro');
    clock = new Date('2026-03-05T09:30:00Z');
    const asked = (await a.c.post(`/api/me/orders/${refunded}/refund-request`, { reason: 'No' })).json();
    clock = new Date('2026-03-06T15:00:00Z');
    expect((await admin.post(`/api/admin/refunds/${asked.id}/approve`)).statusCode).toBe(200);

    const billing = (await a.c.get('/api/me/billing')).json();
    const sub = billing.subscriptions.find((s: { orderId: number }) => s.orderId === refunded);
    expect(sub).toMatchObject({ status: 'refunded', endedAt: '2026-03-06T15:00:00.000Z' });
    expect(new Date(sub.endedAt).getTime()).toBeLessThan(new Date(sub.currentPeriodEnd).getTime());
    expect(billing.subscriptions.find((s: { orderId: number }) => s.orderId === kept).endedAt).toBeNull();

    const active = (await a.c.get('/api/me/panels')).json();
    expect(active.total).toBe(5);
    expect(active.panels.every((p: { orderId: number }) => p.orderId === kept)).toBe(true);
    const past = (await a.c.get('/api/me/panels/past')).json();
    expect(past).toMatchObject({ total: 5, pageCount: 1 });
    for (const panel of past.panels) {
      expect(panel).toMatchObject({
        orderId: refunded,
        status: 'refunded',
        endedAt: '2026-03-06T15:00:00.000Z',
      });
      expect(Object.keys(panel).sort()).toEqual([
        'email',
        'endedAt',
        'id',
        'orderId',
        'purchaseDate',
        'status',
      ]);
    }
    expect((await a.c.get('/api/me/dashboard')).json().pastPanels).toBe(5);

    // Their passwords are no longer the customer's to see.
    const ids = past.panels.map((p: { id: number }) => p.id);
    const revealed = await a.c.post('/api/me/panels/reveal', { ids, purpose: 'reveal' });
    expect(revealed.json().passwords).toEqual([]);
    // Nor does anybody else see them.
    const b = await customer();
    expect((await b.c.get('/api/me/panels/past')).json()).toMatchObject({ total: 0, panels: [] });
  });

  it('an expired subscription ends at the end of its paid period', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const a = await customer();
    const canceled = await buy(a.c, 'pro');
    await a.c.post(`/api/me/subscriptions/${canceled}/cancel`);
    clock = new Date('2026-04-02T08:00:00Z');
    await runSubscriptionSweep(t.database.db, clock);

    const sub = (await a.c.get('/api/me/billing')).json().subscriptions[0];
    expect(sub).toMatchObject({
      orderId: canceled,
      subscriptionStatus: 'expired',
      endedAt: '2026-04-01T12:00:00.000Z',
    });
    const past = (await a.c.get('/api/me/panels/past')).json();
    expect(past.total).toBe(5);
    expect(past.panels[0]).toMatchObject({
      orderId: canceled,
      status: 'expired',
      endedAt: '2026-04-01T12:00:00.000Z',
    });
    expect((await a.c.get('/api/me/panels')).json().total).toBe(0);
  });
});
