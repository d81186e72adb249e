import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, payments, refundRequests } from '../db/schema';
import { customerSeries, shopWithAdmin } from '../testing/accounts';
import { paidCardOrder } from '../testing/checkout';
import { panelsOfOrder } from '../testing/inventory';
import { orderRow } from '../testing/orders';
import { pdfText } from '../testing/pdf-text';
import { type TestApp, TestClient } from '../testing/test-app';
import { runSubscriptionSweep } from './subscriptions/subscriptions';

const DAY = 86_400_000;
let clock = new Date('2026-03-01T12:00:00Z');
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  ({ t, admin } = await shopWithAdmin({ clock: () => clock, stock: 60 }));
});
afterAll(() => t.close());

const newCustomer = customerSeries(() => t.app, 'bill');
async function buyer(planId = 'basic', additionalPanels = 0) {
  const { c, email } = await newCustomer();
  return { c, email, orderId: await paidCardOrder(c, { planId, additional: additionalPanels }) };
}

const sweep = () => runSubscriptionSweep(t.database.db, clock);
const order = (id: number) => orderRow(t.database.db, id);

describe('billing', () => {
  it('shows totals, the purchase history with invoice labels and the subscription', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, orderId } = await buyer('pro', 3);
    const billing = (await c.get('/api/me/billing')).json();
    expect(billing.totalSpentCents).toBe(290_000);
    expect(billing.totalOrders).toBe(1);
    expect(billing.lastPurchaseAt).toBe(clock.toISOString());
    expect(billing.history).toHaveLength(1);
    expect(billing.history[0]).toMatchObject({
      items: 8,
      amountCents: 290_000,
      status: 'completed',
      orderId,
    });
    expect(billing.history[0].invoice).toMatch(/^INV-\d{4,}$/);
    expect(billing.subscriptions[0]).toMatchObject({
      orderId,
      planName: 'Pro',
      quantity: 8,
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2026-04-01T12:00:00.000Z',
      refundable: true,
    });
    const dashboard = (await c.get('/api/me/dashboard')).json();
    expect(dashboard.stats).toEqual({
      activePanels: 8,
      completedOrders: 1,
      processingOrders: 0,
      totalPurchases: 1,
    });
  });

  it('renews a sandbox subscription on its renewal date, once', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { orderId } = await buyer();
    clock = new Date('2026-04-01T11:59:00Z');
    await sweep();
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    clock = new Date('2026-04-01T12:00:00Z');
    await sweep();
    await sweep();
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ amountCents: 50_000, status: 'completed' });
    expect((await order(orderId)).currentPeriodEnd?.toISOString()).toBe('2026-05-01T12:00:00.000Z');
  });

  it('cancels at period end, resumes, and expires the panels when a canceled period ends', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, orderId } = await buyer('basic', 1);
    expect((await c.post(`/api/me/subscriptions/${orderId}/cancel`)).json()).toEqual({
      cancelAtPeriodEnd: true,
    });
    expect((await c.post(`/api/me/subscriptions/${orderId}/resume`)).json()).toEqual({
      cancelAtPeriodEnd: false,
    });
    await c.post(`/api/me/subscriptions/${orderId}/cancel`);
    clock = new Date('2026-03-31T12:00:00Z');
    await sweep();
    expect((await c.get('/api/me/panels')).json().panels).toHaveLength(2);
    clock = new Date('2026-04-01T12:00:01Z');
    await sweep();
    expect((await order(orderId)).subscriptionStatus).toBe('expired');
    expect((await c.get('/api/me/panels')).json().panels).toHaveLength(0);
    expect(await panelsOfOrder(t.database.db, orderId, 'retired')).toHaveLength(2);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    const resumed = await c.post(`/api/me/subscriptions/${orderId}/resume`);
    // A refusal because of the subscription's state, as other conflicts are (D14).
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().error.code).toBe('subscription_inactive');
  });

  it('keeps a past-due subscription through the 3-day grace period, then expires it', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, orderId } = await buyer();
    await t.database.db.update(orders).set({ subscriptionStatus: 'past_due' }).where(eq(orders.id, orderId));
    clock = new Date('2026-04-04T11:59:00Z');
    await sweep();
    expect((await order(orderId)).subscriptionStatus).toBe('past_due');
    expect((await c.get('/api/me/panels')).json().panels).toHaveLength(1);
    clock = new Date('2026-04-04T12:00:00Z');
    await sweep();
    expect((await order(orderId)).subscriptionStatus).toBe('expired');
    expect((await c.get('/api/me/panels')).json().panels).toHaveLength(0);
  });

  it('takes refund requests inside 14 days only; an approved refund revokes the panels', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const late = await buyer();
    clock = new Date(clock.getTime() + 14 * DAY);
    const refused = await late.c.post(`/api/me/orders/${late.orderId}/refund-request`, {
      reason: 'Changed my mind',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('refund_window_closed');

    clock = new Date('2026-03-01T12:00:00Z');
    const { c, orderId, email } = await buyer('basic', 2);
    clock = new Date(clock.getTime() + 13 * DAY);
    expect((await c.post(`/api/me/orders/${orderId}/refund-request`, { reason: '' })).statusCode).toBe(400);
    const asked = await c.post(`/api/me/orders/${orderId}/refund-request`, { reason: 'Not what we needed' });
    expect(asked.json()).toMatchObject({ status: 'requested' });
    expect((await c.post(`/api/me/orders/${orderId}/refund-request`, { reason: 'again' })).statusCode).toBe(
      409,
    );
    const sub = (await c.get('/api/me/billing')).json().subscriptions[0];
    expect(sub.refundRequest).toMatchObject({ status: 'requested' });
    expect(sub.refundable).toBe(false);

    expect((await c.post(`/api/admin/refunds/${asked.json().id}/approve`)).statusCode).toBe(403);
    const approved = await admin.post(`/api/admin/refunds/${asked.json().id}/approve`);
    expect(approved.json()).toEqual({ orderId, amountCents: 140_000 });
    expect(await order(orderId)).toMatchObject({ status: 'refunded', subscriptionStatus: 'canceled' });
    expect((await c.get('/api/me/panels')).json().panels).toHaveLength(0);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe('refunded');
    await t.drainOutbox();
    expect(t.mailer.lastTo(email)?.subject).toBe(`Refund approved for order ${orderId}`);
    expect((await c.get('/api/me/billing')).json().subscriptions[0].refundRequest.status).toBe('approved');
    expect((await admin.post(`/api/admin/refunds/${asked.json().id}/deny`, { note: 'x' })).statusCode).toBe(
      409,
    );
  });

  it('denies with a note the customer receives', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, orderId, email } = await buyer();
    const asked = (await c.post(`/api/me/orders/${orderId}/refund-request`, { reason: 'Please' })).json();
    await admin.post(`/api/admin/refunds/${asked.id}/deny`, { note: 'The panels were heavily used.' });
    await t.drainOutbox();
    expect(t.mailer.lastTo(email)?.text).toContain('The panels were heavily used.');
    expect((await order(orderId)).status).toBe('completed');
  });

  it('reveals only the owner’s passwords and logs it; exports are logged too', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const a = await buyer('basic', 1);
    const b = await buyer();
    const mineRes = await a.c.get('/api/me/panels');
    expect(mineRes.statusCode, mineRes.body).toBe(200);
    const mine = mineRes.json().panels.map((p: { id: number }) => p.id);
    const theirs = (await b.c.get('/api/me/panels')).json().panels.map((p: { id: number }) => p.id);
    const res = await a.c.post('/api/me/panels/reveal', { ids: [...mine, ...theirs], purpose: 'reveal' });
    expect(res.statusCode, res.body).toBe(200);
    const revealed = res.json().passwords as { id: number; password: string }[];
    expect(revealed.map((r) => r.id).sort()).toEqual([...mine].sort());
    expect(revealed.every((r) => r.password.startsWith('pw-'))).toBe(true);
    await a.c.post('/api/me/panels/reveal', { ids: mine, purpose: 'export' });
    const actions = (await t.database.db.select().from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['panel.password_revealed', 'panels.exported']));
  });

  it('downloads a payment as a PDF invoice with the brand, number, lines and total', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c } = await buyer('pro', 3);
    const [first] = (await c.get('/api/me/billing')).json().history;
    const res = await c.get(`/api/me/invoices/${first.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${first.invoice}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'PanelHub',
      'Seattle, WA, United States',
      `Invoice ${first.invoice}`,
      'Pro plan, 5 admin panels (monthly)',
      'Additional admin panel (monthly)',
      '$2,000',
      '$900',
      '$2,900',
      'Payment method: Card (sandbox test payment)',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("names a one-panel plan's line in the singular", async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c } = await buyer('basic');
    const [first] = (await c.get('/api/me/billing')).json().history;
    const text = pdfText((await c.get(`/api/me/invoices/${first.id}/pdf`)).rawPayload);
    expect(text).toContain('Basic plan, 1 admin panel (monthly)');
    expect(text).not.toContain('1 admin panels');
  });

  it("never shows one customer another's orders, panels, payments or invoices (404)", async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const a = await buyer();
    const b = await buyer();
    const [invoice] = (await a.c.get('/api/me/billing')).json().history;
    expect((await b.c.get(`/api/me/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await b.c.get(`/api/orders/${a.orderId}/status`)).statusCode).toBe(404);
    expect((await b.c.post(`/api/me/subscriptions/${a.orderId}/cancel`)).statusCode).toBe(404);
    expect((await b.c.post(`/api/me/orders/${a.orderId}/refund-request`, { reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await b.c.post('/api/me/billing/portal', { orderId: a.orderId })).statusCode).toBe(404);
    const bBilling = (await b.c.get('/api/me/billing')).json();
    expect(bBilling.history.map((h: { orderId: number }) => h.orderId)).not.toContain(a.orderId);
    expect((await new TestClient(t.app).get('/api/me/billing')).statusCode).toBe(401);
  });

  it("refuses what the order's state does not allow with 409, as other conflicts are", async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, orderId } = await buyer();
    const refusals = {
      no_portal: await c.post('/api/me/billing/portal', { orderId }),
      not_manual: await admin.post(`/api/admin/orders/${orderId}/mark-paid`),
    };
    const unpaid = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'card' })
    ).json();
    const notRefundable = await c.post(`/api/me/orders/${unpaid.orderId}/refund-request`, { reason: 'x' });
    // A request that reached the queue after its window (made late, or the clock moved on).
    const asked = (await c.post(`/api/me/orders/${orderId}/refund-request`, { reason: 'Late' })).json();
    await t.database.db
      .update(refundRequests)
      .set({ createdAt: new Date(clock.getTime() + 15 * DAY) })
      .where(eq(refundRequests.id, asked.id));
    const late = await admin.post(`/api/admin/refunds/${asked.id}/approve`);
    for (const [code, res] of Object.entries({
      ...refusals,
      not_refundable: notRefundable,
      refund_window_closed: late,
    })) {
      expect(res.statusCode, code).toBe(409);
      expect(res.json().error.code).toBe(code);
    }
  });
});
