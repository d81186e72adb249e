import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, panelAdditions, panels, payments } from '../../db/schema';
import { customerSeries } from '../../testing/accounts';
import { v1WithNewKey } from '../../testing/api-key';
import { auditEntries } from '../../testing/audit';
import { manualRenewalShopForSuite, paidBankOrder } from '../../testing/manual-renewal-shop';
import type { TestClient } from '../../testing/test-app';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * Panels added to a bank transfer subscription (docs/decisions/0018-adding-panels.md): asking
 * invoices the pro-rata price with the instructions and changes nothing else; an admin's record
 * of the money gives the panels, raises the order and makes the invoice, once. The clock is the
 * app's, moved by the test.
 */

const DAY = 86_400_000;
let clock = new Date('2026-04-01T12:00:00Z');
const shop = manualRenewalShopForSuite(40, () => clock);
const db = () => shop.t.database.db;
const newCustomer = customerSeries(() => shop.t.app, 'manualadd');

const quote = (c: TestClient, orderId: number, n: number) =>
  c.get(`/api/me/orders/${orderId}/add-panels?panels=${n}`);
const add = (c: TestClient, orderId: number, body: object) =>
  c.post(`/api/me/orders/${orderId}/add-panels`, body);
const record = (orderId: number, additionId: number, body: object = {}) =>
  shop.admin.post(`/api/admin/orders/${orderId}/panel-additions/${additionId}/record`, body);
const paymentsOf = (orderId: number) =>
  db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
const panelsOf = (orderId: number) => db().select().from(panels).where(eq(panels.orderId, orderId));
const available = async () =>
  (await db().select({ id: panels.id }).from(panels).where(eq(panels.status, 'available'))).length;
const order = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const additionsOf = (orderId: number) =>
  db().select().from(panelAdditions).where(eq(panelAdditions.orderId, orderId));
const subjectsTo = async (email: string) => {
  await shop.t.drainOutbox();
  return shop.t.mailer.sent.filter((m) => m.to === email).map((m) => m.subject);
};

/** A Basic bank order paid at 2026-04-01 (its period runs to 2026-05-01), seen on day 10 of 30. */
async function bankOrderOnDay10() {
  clock = new Date('2026-04-01T12:00:00Z');
  const bought = await paidBankOrder(shop, newCustomer);
  clock = new Date(clock.getTime() + 10 * DAY);
  return bought;
}

describe(`adding panels to a bank transfer subscription on ${TEST_DATABASE_NAME}`, () => {
  it('invoices the quote with instructions, gives the panels when an admin records the money, once', async () => {
    const { c, email, orderId } = await bankOrderOnDay10();
    const end = '2026-05-01T12:00:00.000Z';
    const quoted = await quote(c, orderId, 2);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      daysLeft: 20,
      periodDays: 30,
      chargeCents: 60_000,
      renewalCents: 140_000,
    });

    const stockBefore = await available();
    const asked = await add(c, orderId, { panels: 2, quotedCents: 60_000 });
    expect(asked.statusCode, asked.body).toBe(200);
    const { awaitingPayment: pending, ...answer } = asked.json();
    expect(answer).toEqual({ orderId, panels: 2, chargedCents: 0, renewsAt: end, panelIds: [] });
    const reference = `ORDER-${orderId}-ADD-${pending.id}`;
    expect(pending).toMatchObject({
      orderId,
      panels: 2,
      amountCents: 60_000,
      method: 'bank_transfer',
      reference,
      status: 'pending',
      renewsAt: end,
      bank: { accountName: 'Panel Shop LLC', accountNumber: 'DE89 3704 0044 0532 0130 00' },
    });
    // The manual payment window (7 days), inside the period.
    expect(pending.expiresAt).toBe('2026-04-18T12:00:00.000Z');

    // Nothing is taken or raised before the money arrives.
    expect(await available()).toBe(stockBefore);
    expect(await panelsOf(orderId)).toHaveLength(1);
    expect(await order(orderId)).toMatchObject({ quantity: 1, totalCents: 50_000 });
    expect(await paymentsOf(orderId)).toHaveLength(1);
    expect(await additionsOf(orderId)).toHaveLength(1);

    const invoiceSubject = `Invoice for 2 admin panels added to order ${orderId}: $600 due 2026-04-18`;
    expect(await subjectsTo(email)).toContain(invoiceSubject);
    const text = shop.t.mailer.sent.find((m) => m.subject === invoiceSubject)?.text ?? '';
    for (const fact of [
      `Reference: ${reference}`,
      'Transfer exactly $600 (USD) to:',
      'IBAN / account number: DE89 3704 0044 0532 0130 00',
      'for the 20 days left of this 30-day period',
    ]) {
      expect(text, fact).toContain(fact);
    }
    const [requested] = await auditEntries(db(), 'order.panels_requested', orderId);
    expect(requested?.details).toMatchObject({ additionId: pending.id, panels: 2, amountCents: 60_000 });

    // The customer sees it next to the order; a second request waits for the first.
    const mine = (await c.get('/api/me/panel-additions')).json();
    expect(mine.additions).toEqual([pending]);
    const again = await add(c, orderId, { panels: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('addition_pending');

    // The admin sees it on the order and records it.
    const detail = (await shop.admin.get(`/api/admin/orders/${orderId}`)).json();
    expect(detail.panelAdditions).toEqual([
      expect.objectContaining({ id: pending.id, status: 'pending', amountCents: 60_000, reference }),
    ]);
    clock = new Date(clock.getTime() + 2 * DAY);
    const recorded = await record(orderId, pending.id, { reference: 'SEPA 0413 #77' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const result = recorded.json();
    expect(result).toMatchObject({ recorded: true });
    expect(result.panelIds).toHaveLength(2);
    expect(result.invoice).toMatch(/^INV-\d{4,}$/);

    expect(await order(orderId)).toMatchObject({ quantity: 3, additionalPanels: 2, totalCents: 140_000 });
    const owned = await panelsOf(orderId);
    expect(owned).toHaveLength(3);
    expect(owned.every((p) => p.status === 'sold')).toBe(true);
    expect(await available()).toBe(stockBefore - 2);
    const rows = await paymentsOf(orderId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      amountCents: 60_000,
      panelCount: 2,
      status: 'completed',
      method: 'bank_transfer',
      provider: 'manual',
      providerChargeId: `add_panels_${orderId}_1`,
    });
    expect(rows[1]?.periodStart?.toISOString()).toBe('2026-04-13T12:00:00.000Z');
    expect(rows[1]?.periodEnd?.toISOString()).toBe(end);
    const [added] = await auditEntries(db(), 'order.panels_added', orderId);
    expect(added?.details).toMatchObject({ additionId: pending.id, panels: 2, reference: 'SEPA 0413 #77' });
    expect(added?.actorEmail).not.toBe(email);
    expect(await subjectsTo(email)).toContain(`Payment received: 2 admin panels added to order ${orderId}`);

    // A second click records nothing more.
    const twice = await record(orderId, pending.id, { reference: 'SEPA 0413 #77' });
    expect(twice.json()).toEqual({ recorded: false, panelIds: [], invoice: result.invoice });
    expect(await paymentsOf(orderId)).toHaveLength(2);
    expect((await order(orderId)).quantity).toBe(3);
    expect((await c.get('/api/me/panel-additions')).json().additions).toEqual([]);
    const billing = (await c.get('/api/me/billing')).json();
    expect(billing.history.find((h: { invoice: string }) => h.invoice === result.invoice)).toMatchObject({
      amountCents: 60_000,
    });

    // The next renewal invoice prices every panel: the plan and two add-ons.
    clock = new Date('2026-04-24T12:00:00Z');
    await shop.runner.run();
    expect(await subjectsTo(email)).toContain(`Renewal invoice for order ${orderId}: $1,400 due 2026-05-01`);
  });

  it('refuses to allocate an addition that lapsed unpaid, and lets the customer ask again', async () => {
    const { c, orderId } = await bankOrderOnDay10();
    const first = (await add(c, orderId, { panels: 1 })).json().awaitingPayment;
    clock = new Date(first.expiresAt);
    const late = await record(orderId, first.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('addition_expired');
    expect((await order(orderId)).quantity).toBe(1);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    expect((await c.get('/api/me/panel-additions')).json().additions).toEqual([]);
    // The subscription sweep writes down what the dates already say.
    expect((await additionsOf(orderId)).map((a) => a.status)).toEqual(['pending']);
    await shop.runner.run();
    expect((await additionsOf(orderId)).map((a) => a.status)).toEqual(['expired']);

    const second = await add(c, orderId, { panels: 1 });
    expect(second.statusCode, second.body).toBe(200);
    const statuses = (await additionsOf(orderId)).map((a) => a.status).sort();
    expect(statuses).toEqual(['expired', 'pending']);
  });

  it('refuses an addition whose period ended or was renewed before the money was recorded', async () => {
    const { c, orderId } = await bankOrderOnDay10();
    clock = new Date('2026-04-28T12:00:00Z');
    const asked = (await add(c, orderId, { panels: 1 })).json().awaitingPayment;
    // Three days before the period end: the request lapses with the period.
    expect(asked.expiresAt).toBe('2026-05-01T12:00:00.000Z');
    const renewed = await shop.admin.post(`/api/admin/orders/${orderId}/record-renewal`, {
      amountCents: 50_000,
      forPeriodEnd: '2026-05-01T12:00:00.000Z',
    });
    expect(renewed.json()).toMatchObject({ recorded: true });
    const res = await record(orderId, asked.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('addition_expired');
    expect(res.json().error.message).toContain('period');
    expect((await order(orderId)).quantity).toBe(1);
    await shop.runner.run();
    expect((await additionsOf(orderId)).map((a) => a.status)).toEqual(['expired']);
  });

  it('records nothing while the stock cannot cover the panels after the waiting line', async () => {
    const { c, orderId } = await bankOrderOnDay10();
    const asked = (await add(c, orderId, { panels: 2 })).json().awaitingPayment;
    const held = await db()
      .update(panels)
      .set({ status: 'retired' })
      .where(eq(panels.status, 'available'))
      .returning({ id: panels.id });
    try {
      const short = await record(orderId, asked.id);
      expect(short.statusCode).toBe(409);
      expect(short.json().error.code).toBe('not_enough_stock');
      expect(await paymentsOf(orderId)).toHaveLength(1);
      expect((await additionsOf(orderId))[0]?.status).toBe('pending');
    } finally {
      for (const { id } of held) {
        await db().update(panels).set({ status: 'available' }).where(eq(panels.id, id));
      }
    }
    expect((await record(orderId, asked.id)).json()).toMatchObject({ recorded: true });
  });

  it('asks through POST /api/v1/orders with addToOrderId, the key on the audit line', async () => {
    const { c, orderId } = await bankOrderOnDay10();
    const v1 = await v1WithNewKey(shop.t.app, c);
    const res = await v1.post('/api/v1/orders', { addToOrderId: orderId, panels: 1, quotedCents: 30_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      order: { id: orderId, quantity: 1, totalCents: 50_000 },
      checkoutUrl: null,
      addedPanels: {
        orderId,
        panels: 1,
        chargedCents: 0,
        panelIds: [],
        awaitingPayment: { amountCents: 30_000, status: 'pending', bank: { accountName: 'Panel Shop LLC' } },
      },
    });
    const [audit] = await auditEntries(db(), 'order.panels_requested', orderId);
    expect(audit?.details).toMatchObject({ apiKeyId: v1.keyId, panels: 1 });
  });

  it('keeps an addition to its customer and its order; only an admin records it', async () => {
    const { c, orderId } = await bankOrderOnDay10();
    const asked = (await add(c, orderId, { panels: 1 })).json().awaitingPayment;
    const stranger = await newCustomer();
    expect((await stranger.c.get('/api/me/panel-additions')).json().additions).toEqual([]);
    expect((await add(stranger.c, orderId, { panels: 1 })).statusCode).toBe(404);
    const path = `/api/admin/orders/${orderId}/panel-additions/${asked.id}/record`;
    expect((await stranger.c.post(path, {})).statusCode).toBe(403);
    expect((await c.post(path, {})).statusCode).toBe(403);
    // The addition belongs to its order: another order's id finds nothing.
    const other = await paidBankOrder(shop, newCustomer);
    expect((await record(other.orderId, asked.id)).statusCode).toBe(404);
    const still = await db()
      .select()
      .from(panelAdditions)
      .where(and(eq(panelAdditions.id, asked.id), eq(panelAdditions.status, 'pending')));
    expect(still).toHaveLength(1);
  });
});
