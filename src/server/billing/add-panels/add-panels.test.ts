import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, panels, payments } from '../../db/schema';
import { customerSeries } from '../../testing/accounts';
import { v1WithNewKey } from '../../testing/api-key';
import { auditEntries } from '../../testing/audit';
import { manualRenewalShopForSuite } from '../../testing/manual-renewal-shop';
import { pdfText } from '../../testing/pdf-text';
import type { TestClient } from '../../testing/test-app';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * Panels added to a running subscription (D8, docs/decisions/0018): charged pro rata for the
 * days left of its period, then renewed with the rest. The clock is the app's, moved by the
 * test, and the subscription runner is the one on the app's timer.
 */

const DAY = 86_400_000;
let clock = new Date('2026-04-01T12:00:00Z');
const shop = manualRenewalShopForSuite(60, () => clock);
const db = () => shop.t.database.db;
const newCustomer = customerSeries(() => shop.t.app, 'addpanels');

/** A new customer's order of `planId` with `additional` add-ons, paid by card in the sandbox at `clock`. */
async function cardOrder(additional: number, planId = 'basic') {
  const { c, email } = await newCustomer();
  const { url, orderId } = (
    await c.post('/api/checkout', { planId, additionalPanels: additional, method: 'card' })
  ).json() as { url: string; orderId: number };
  expect((await c.post(`/api/sandbox/sessions/${url.split('/').at(-1)}/pay`)).statusCode).toBe(200);
  return { c, email, orderId };
}

const quote = (c: TestClient, orderId: number, n: number) =>
  c.get(`/api/me/orders/${orderId}/add-panels?panels=${n}`);
const add = (c: TestClient, orderId: number, body: object) =>
  c.post(`/api/me/orders/${orderId}/add-panels`, body);
const paymentsOf = (orderId: number) =>
  db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
const panelsOf = (orderId: number) => db().select().from(panels).where(eq(panels.orderId, orderId));
const order = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

describe(`adding panels mid-period on ${TEST_DATABASE_NAME}`, () => {
  it('adds two panels co-termed on day 10 of 30: the charge is 20/30 of the price to the cent, the renewal charges all', async () => {
    clock = new Date('2026-04-01T12:00:00Z');
    const { c, email, orderId } = await cardOrder(2);
    const end = '2026-05-01T12:00:00.000Z';
    clock = new Date(clock.getTime() + 10 * DAY);

    const quoted = await quote(c, orderId, 2);
    expect(quoted.statusCode, quoted.body).toBe(200);
    // Two Basic add-ons at $450 a month, for 20 of the period's 30 days.
    expect(quoted.json()).toEqual({
      orderId,
      panels: 2,
      renewing: 3,
      maxPanels: 5,
      daysLeft: 20,
      periodDays: 30,
      monthlyCents: 90_000,
      chargeCents: 60_000,
      renewalCents: 230_000,
      renewsAt: end,
    });

    const { result: res, mail } = await shop.t.mailSentBy(() =>
      add(c, orderId, { panels: 2, quotedCents: 60_000 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { panelIds: number[] };
    expect(body).toMatchObject({ orderId, panels: 2, chargedCents: 60_000, renewsAt: end });
    expect(body.panelIds).toHaveLength(2);
    // Mail queued before (the order's delivery) may go out in the same window.
    const receipt = mail.find((m) => m.to === email && m.subject.includes('added to order'));
    expect(receipt?.subject).toBe(`2 admin panels added to order ${orderId}`);
    expect(receipt?.text).toContain('We charged $600 for the 20 days left of this 30-day period.');

    expect(await order(orderId)).toMatchObject({ quantity: 5, additionalPanels: 4, totalCents: 230_000 });
    const owned = await panelsOf(orderId);
    expect(owned).toHaveLength(5);
    expect(owned.every((p) => p.status === 'sold' && !p.cancelAtPeriodEnd)).toBe(true);
    const listed = (await c.get('/api/me/panels')).json().panels as { orderId: number; renewsAt: string }[];
    expect(listed.filter((p) => p.orderId === orderId).map((p) => p.renewsAt)).toEqual(Array(5).fill(end));

    const added = (await paymentsOf(orderId)).at(-1);
    expect(added).toMatchObject({ amountCents: 60_000, panelCount: 2, status: 'completed' });
    expect(added?.periodEnd?.toISOString()).toBe(end);
    const invoice = pdfText((await c.get(`/api/me/invoices/${added?.id}/pdf`)).rawPayload);
    expect(invoice).toContain(`2 admin panels added to order ${orderId} until its renewal (pro rata)`);
    const [audit] = await auditEntries(db(), 'order.panels_added', orderId);
    expect(audit?.details).toMatchObject({ panels: 2, chargedCents: 60_000, daysLeft: 20, periodDays: 30 });

    // The renewal charges every panel: the plan and four add-ons.
    clock = new Date(end);
    await shop.runner.run();
    const renewal = (await paymentsOf(orderId)).at(-1);
    expect(renewal).toMatchObject({ amountCents: 230_000, panelCount: 5 });
    expect(renewal?.periodStart?.toISOString()).toBe(end);
  });

  it('holds the plan’s limit across the panels that renew and the added ones', async () => {
    clock = new Date('2026-04-01T12:00:00Z');
    const { c, orderId } = await cardOrder(2);
    const over = await quote(c, orderId, 3);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('panel_limit_reached');
    expect(over.json().error.message).toContain('up to 2 more');
    expect((await add(c, orderId, { panels: 3 })).json().error.code).toBe('panel_limit_reached');

    // A canceled panel no longer counts against the limit.
    const [first] = await panelsOf(orderId);
    expect((await c.post('/api/me/panels/cancel', { panelIds: [first!.id] })).statusCode).toBe(200);
    expect((await quote(c, orderId, 3)).json()).toMatchObject({ renewing: 2, panels: 3 });
  });

  it('charges nothing when the price shown is not the price now, or the stock is short', async () => {
    clock = new Date('2026-04-01T12:00:00Z');
    const { c, orderId } = await cardOrder(0, 'enterprise');
    const before = (await paymentsOf(orderId)).length;
    const changed = await add(c, orderId, { panels: 1, quotedCents: 1 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('quote_changed');
    const short = await add(c, orderId, { panels: 500 });
    expect(short.statusCode).toBe(409);
    expect(short.json().error.code).toBe('not_enough_stock');
    expect(await paymentsOf(orderId)).toHaveLength(before);
    expect((await order(orderId)).quantity).toBe(25);
  });

  it('refuses a subscription that ends, and another customer’s order', async () => {
    clock = new Date('2026-04-01T12:00:00Z');
    const { c, orderId } = await cardOrder(0);
    const stranger = await newCustomer();
    expect((await quote(stranger.c, orderId, 1)).statusCode).toBe(404);
    expect((await add(stranger.c, orderId, { panels: 1 })).statusCode).toBe(404);

    expect((await c.post(`/api/me/subscriptions/${orderId}/cancel`)).statusCode).toBe(200);
    expect((await quote(c, orderId, 1)).json().error.code).toBe('subscription_inactive');
  });

  it('takes the same choice on POST /api/v1/orders with addToOrderId, audit-logged with the key', async () => {
    clock = new Date('2026-04-01T12:00:00Z');
    const { c, orderId } = await cardOrder(0, 'pro');
    clock = new Date(clock.getTime() + 10 * DAY);
    const v1 = await v1WithNewKey(shop.t.app, c);
    const res = await v1.post('/api/v1/orders', { addToOrderId: orderId, panels: 2, quotedCents: 40_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      order: { id: orderId, quantity: 7, additionalPanels: 2, totalCents: 260_000 },
      checkoutUrl: null,
      paymentInstructions: null,
      addedPanels: { orderId, panels: 2, chargedCents: 40_000 },
    });
    const [audit] = await auditEntries(db(), 'order.panels_added', orderId);
    expect(audit?.details).toMatchObject({ apiKeyId: v1.keyId, panels: 2 });
  });
});
