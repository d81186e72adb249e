import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../domain/account-schemas';
import { REPLACEMENT_TEXTS } from '../../domain/replacements';
import { applyProviderRefundTx } from '../billing/refunds/provider-refund';
import { expireOrderTx } from '../billing/subscriptions/subscriptions';
import { orders, outboxMessages, panels, payments, replacementRequests, webhookMessages } from '../db/schema';
import { fillWaitingOrders } from '../provisioning/fulfillment';
import { signedInAccount } from '../testing/accounts';
import { insertActiveOrder } from '../testing/active-order';
import { auditEntries } from '../testing/audit';
import { forSuite } from '../testing/for-suite';
import { addStock } from '../testing/inventory';
import { createTestApp, type TestApp, type TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

/*
 * The replacement warranty end to end through the API (docs/product.md §11): the customer's
 * report and its rules, the admin's replace and reject, the shortfall filled by new stock, and
 * what each step leaves behind (audit, webhook messages, the e-mail in the outbox).
 */
const HOUR = 3_600_000;
let clock = new Date('2026-05-01T12:00:00Z');
const t: TestApp = forSuite(
  () =>
    createTestApp({ REPLACEMENTS_PER_PERIOD: '2' }, { clock: () => clock }).then(async (app) => {
      await app.app.ready();
      return app;
    }),
  (app) => app.close(),
);
let admin: TestClient;
let customer: TestClient;
let customerId: string;
let other: TestClient;
let endpointId: number;

const db = () => t.database.db;
const active = (count = 1) =>
  insertActiveOrder(db(), customerId, { key: t.secrets.panelSecretKey, count, now: clock });
const report = (panelId: number, reason = 'cannot_sign_in', client = customer) =>
  client.post(`/api/me/panels/${panelId}/replacement-request`, {
    reason,
    note: 'It says the password is wrong.',
  });
const request = async (id: number) =>
  (await db().select().from(replacementRequests).where(eq(replacementRequests.id, id)))[0]!;
const panel = async (id: number) => (await db().select().from(panels).where(eq(panels.id, id)))[0]!;
const audits = (action: string, id: number) => auditEntries(db(), action, id);
const hooks = async (type: string, id: number) =>
  (await db().select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpointId)))
    .map(
      (m) =>
        JSON.parse(m.body) as {
          type: string;
          data: { replacementRequestId: number; newPanelId: number | null; rejectionReason: string | null };
        },
    )
    .filter((m) => m.type === type && m.data.replacementRequestId === id);

beforeAll(async () => {
  ({ client: admin } = await signedInAccount(t.app, db(), { email: 'ops@example.com', role: 'admin' }));
  ({ client: customer, id: customerId } = await signedInAccount(t.app, db(), {
    email: 'dana@example.com',
    role: 'user',
  }));
  ({ client: other } = await signedInAccount(t.app, db(), { email: 'eve@example.com', role: 'user' }));
  const created = await customer.post('/api/me/webhooks', {
    url: 'http://127.0.0.1:65000/replacements',
    events: ['panel.replacement_requested', 'panel.replaced', 'panel.replacement_rejected'],
  });
  expect(created.statusCode, created.body).toBe(201);
  endpointId = created.json().id;
});

describe(`panel replacements on ${TEST_DATABASE_NAME}`, () => {
  it('opens a request on an active panel: listed for its owner, audited, panel.replacement_requested recorded', async () => {
    const { panelIds } = await active();
    const res = await report(panelIds[0]!);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ status: 'open', reason: 'cannot_sign_in', waitingForStock: false });

    const mine = (await customer.get('/api/me/replacements')).json().requests;
    expect(mine.map((r: { id: number }) => r.id)).toContain(created.id);
    expect((await other.get('/api/me/replacements')).json().requests).toEqual([]);
    expect(await audits('replacement.requested', created.id)).toHaveLength(1);
    expect(await hooks('panel.replacement_requested', created.id)).toHaveLength(1);
  });

  it("refuses another customer's panel (404) and a panel outside a paid period (409)", async () => {
    const { panelIds, orderId } = await active();
    expect((await report(panelIds[0]!, 'other', other)).statusCode).toBe(404);
    await db().update(orders).set({ subscriptionStatus: 'expired' }).where(eq(orders.id, orderId));
    const res = await report(panelIds[0]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(REPLACEMENT_TEXTS.notActive);
  });

  it('replace: a new panel from stock for the same order, the old one retired with the reason, the e-mail queued', async () => {
    const { panelIds, orderId } = await active();
    const id = (await report(panelIds[0]!, 'suspended')).json().id;
    await addStock(db(), 1, { key: t.secrets.panelSecretKey, prefix: 'fresh' });

    const res = await admin.post(`/api/admin/replacements/${id}/replace`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('replaced');

    const after = await request(id);
    expect(after.status).toBe('replaced');
    const fresh = await panel(after.newPanelId!);
    expect(fresh).toMatchObject({ status: 'sold', soldTo: customerId, orderId });
    expect(await panel(panelIds[0]!)).toMatchObject({ status: 'retired', retiredReason: 'suspended' });

    const mail = (await db().select().from(outboxMessages)).filter((m) =>
      String(m.payload.subject).includes('replaced'),
    );
    expect(mail.map((m) => m.payload.to)).toContain('dana@example.com');
    const text = String(mail[0]!.payload.text);
    expect(text).toContain('/dashboard');
    expect(text).not.toContain('pw-');
    expect(await audits('replacement.approved', id)).toHaveLength(1);
    expect(await audits('replacement.replaced', id)).toHaveLength(1);
    const [event] = await hooks('panel.replaced', id);
    expect(event?.data.newPanelId).toBe(fresh.id);

    // The customer's active panels show the new one (its password revealed), the old one is past.
    const activeList = (await customer.get('/api/me/panels?search=fresh')).json().panels;
    expect(activeList.map((p: { id: number }) => p.id)).toEqual([fresh.id]);
    const revealed = await customer.post('/api/me/panels/reveal', { ids: [fresh.id], purpose: 'reveal' });
    expect(revealed.json().passwords[0].password).toMatch(/^pw-/);
    const past = (await customer.get('/api/me/panels/past')).json().panels;
    expect(past.find((p: { id: number }) => p.id === panelIds[0])?.status).toBe('replaced');
    expect((await admin.post(`/api/admin/replacements/${id}/reject`, { reason: 'x' })).statusCode).toBe(409);
    // The order still counts one delivered panel: the new one holds the old one's place.
    const mine = (await customer.get('/api/me/orders?page=1')).json();
    expect(mine.orders.find((o: { id: number }) => o.id === orderId)?.delivered).toBe(1);
  });

  it('reject: the customer reads the reason', async () => {
    const { panelIds } = await active();
    const id = (await report(panelIds[0]!, 'low_capacity')).json().id;
    const res = await admin.post(`/api/admin/replacements/${id}/reject`, {
      reason: 'The panel holds 2,000 mailboxes as sold; see the help page on limits.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await customer.get('/api/me/replacements'))
      .json()
      .requests.find((r: { id: number }) => r.id === id);
    expect(mine).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The panel holds 2,000 mailboxes as sold; see the help page on limits.',
    });
    expect(mine.decidedAt).not.toBeNull();
    expect(await audits('replacement.rejected', id)).toHaveLength(1);
    expect((await hooks('panel.replacement_rejected', id)).map((h) => h.data.rejectionReason)).toEqual([
      'The panel holds 2,000 mailboxes as sold; see the help page on limits.',
    ]);
    expect(await panel(panelIds[0]!)).toMatchObject({ status: 'sold' });
    const mail = (await db().select().from(outboxMessages)).filter((m) =>
      String(m.payload.subject).includes('declined'),
    );
    expect(mail.map((m) => m.payload.to)).toEqual(['dana@example.com']);
    expect(String(mail[0]!.payload.text)).toContain(
      'Our reason: The panel holds 2,000 mailboxes as sold; see the help page on limits.',
    );
  });

  it("sends the decision on a request whatever the customer's 'Order Updates' say (it answers them)", async () => {
    const { client: quiet, id: quietId } = await signedInAccount(t.app, db(), {
      email: 'quiet@example.com',
      role: 'user',
    });
    const off = { ...DEFAULT_SETTINGS, emailNotifications: false, orderUpdates: false };
    expect((await quiet.put('/api/me/settings', off)).statusCode).toBe(200);
    const mine = () =>
      insertActiveOrder(db(), quietId, { key: t.secrets.panelSecretKey, count: 1, now: clock });
    const rejected = (await report((await mine()).panelIds[0]!, 'cannot_sign_in', quiet)).json().id;
    await admin.post(`/api/admin/replacements/${rejected}/reject`, { reason: 'Signs in fine from here.' });
    const replaced = (await report((await mine()).panelIds[0]!, 'suspended', quiet)).json().id;
    await addStock(db(), 1, { key: t.secrets.panelSecretKey, prefix: 'quiet' });
    expect((await admin.post(`/api/admin/replacements/${replaced}/replace`)).statusCode).toBe(200);

    const subjects = (await db().select().from(outboxMessages))
      .filter((m) => m.payload.to === 'quiet@example.com')
      .map((m) => m.payload.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Your panel replacement request was declined',
        'Your admin panel was replaced',
      ]),
    );
  });

  it('an order that ends (refund or expiry) closes its open requests with the reason', async () => {
    const { orderId, panelIds } = await active(2);
    const second = await active();
    const refunded = (await report(panelIds[0]!)).json().id;
    const expiring = (await report(second.panelIds[0]!)).json().id;
    await admin.post(`/api/admin/replacements/${refunded}/replace`);
    await db()
      .insert(payments)
      .values({
        orderId,
        userId: customerId,
        amountCents: 500,
        method: 'card',
        provider: 'sandbox',
        providerChargeId: `ch_closing_${orderId}`,
        status: 'completed',
      });
    const refund = await db().transaction((tx) =>
      applyProviderRefundTx(tx, {
        provider: 'sandbox',
        chargeId: `ch_closing_${orderId}`,
        fullyRefunded: true,
        amountRefundedCents: 500,
        now: clock,
      }),
    );
    expect(refund).toMatchObject({ orderId });
    expect(await request(refunded)).toMatchObject({
      status: 'rejected',
      rejectionReason: REPLACEMENT_TEXTS.orderEnded,
      decidedBy: null,
    });
    expect(await audits('replacement.closed', refunded)).toHaveLength(1);
    expect((await hooks('panel.replacement_rejected', refunded)).map((h) => h.data.rejectionReason)).toEqual([
      REPLACEMENT_TEXTS.orderEnded,
    ]);
    const queue = (await admin.get('/api/admin/replacements')).json().requests;
    expect(queue.some((r: { id: number }) => r.id === refunded)).toBe(false);
    // Another order's request is not touched by this one ending.
    expect(await request(expiring)).toMatchObject({ status: 'open' });

    await db().transaction((tx) => expireOrderTx(tx, second.orderId, clock));
    expect(await request(expiring)).toMatchObject({
      status: 'rejected',
      rejectionReason: REPLACEMENT_TEXTS.orderEnded,
    });
    expect(await hooks('panel.replacement_rejected', expiring)).toHaveLength(1);
  });

  it('shortfall: replace waits without stock, and the next panel added fills it automatically', async () => {
    const { panelIds } = await active();
    const id = (await report(panelIds[0]!)).json().id;
    const res = await admin.post(`/api/admin/replacements/${id}/replace`);
    expect(res.json()).toEqual({ status: 'waiting', message: REPLACEMENT_TEXTS.waiting });
    expect((await customer.get('/api/me/replacements')).json().requests[0]).toMatchObject({
      id,
      status: 'open',
      waitingForStock: true,
    });
    const queue = (await admin.get('/api/admin/replacements')).json().requests;
    expect(queue.find((r: { id: number }) => r.id === id)?.approvedAt).not.toBeNull();

    const added = await admin.post('/api/admin/panels', {
      email: 'restock-1@panels.example',
      password: 'restock-pw',
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = await request(id);
    expect(after.status).toBe('replaced');
    expect((await panel(after.newPanelId!)).email).toBe('restock-1@panels.example');
    expect(await audits('replacement.auto_filled', id)).toHaveLength(1);
    expect(await audits('replacement.replaced', id)).toHaveLength(0);
  });

  it('at most REPLACEMENTS_PER_PERIOD replacements of one panel (and its successors) per period', async () => {
    const { panelIds, orderId } = await active();
    let current = panelIds[0]!;
    // What the dashboard reads to offer 'Report a problem' or say the replacements are used.
    const used = async (panelId: number) => {
      const { email } = await panel(panelId);
      const listed = (await customer.get(`/api/me/panels?search=${email}`)).json().panels;
      return listed.find((p: { id: number }) => p.id === panelId)?.replacementsUsed;
    };
    for (let i = 0; i < 2; i++) {
      expect(await used(current)).toBe(i);
      const id = (await report(current)).json().id;
      await addStock(db(), 1, { key: t.secrets.panelSecretKey });
      expect((await admin.post(`/api/admin/replacements/${id}/replace`)).json().status).toBe('replaced');
      current = (await request(id)).newPanelId!;
    }
    expect(await used(current)).toBe(2);
    const refused = await report(current);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(REPLACEMENT_TEXTS.limit(2));

    // A new period starts a new count.
    clock = new Date(clock.getTime() + 31 * 24 * HOUR);
    await db()
      .update(orders)
      .set({ currentPeriodStart: clock, currentPeriodEnd: new Date(clock.getTime() + 30 * 24 * HOUR) })
      .where(eq(orders.id, orderId));
    expect(await used(current)).toBe(0);
    expect((await report(current)).statusCode).toBe(201);
  });

  it('a replacement on an order still waiting for panels: the order ends with exactly its quantity', async () => {
    const { panelIds, orderId } = await active();
    await db()
      .update(orders)
      .set({ status: 'paid', quantity: 2, completedAt: null })
      .where(eq(orders.id, orderId));
    const id = (await report(panelIds[0]!)).json().id;
    await addStock(db(), 3, { key: t.secrets.panelSecretKey, prefix: 'partial' });
    expect((await admin.post(`/api/admin/replacements/${id}/replace`)).json().status).toBe('replaced');
    const mine = await db().select().from(panels).where(eq(panels.orderId, orderId));
    expect(mine.filter((p) => p.status === 'sold')).toHaveLength(2);
    expect(mine.filter((p) => p.status === 'retired')).toHaveLength(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('completed');
    await fillWaitingOrders(db());
    expect(await db().select().from(panels).where(eq(panels.orderId, orderId))).toHaveLength(3);
  });

  it('the site settings carry the configured limit to the pages', async () => {
    expect((await customer.get('/api/site')).json().replacementsPerPeriod).toBe(2);
  });

  it('refuses a second report of one panel within 24 hours, and a second open request after that', async () => {
    const { panelIds } = await active();
    const first = (await report(panelIds[0]!)).json().id;
    clock = new Date(clock.getTime() + 2 * HOUR);
    const again = await report(panelIds[0]!, 'other');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'You reported this panel less than 24 hours ago. We are on it; you will get an e-mail when it is replaced.',
    );
    clock = new Date(clock.getTime() + 23 * HOUR);
    const stillOpen = await report(panelIds[0]!, 'other');
    expect(stillOpen.statusCode).toBe(409);
    expect(stillOpen.json().error.message).toBe(REPLACEMENT_TEXTS.alreadyOpen);

    await admin.post(`/api/admin/replacements/${first}/reject`, { reason: 'Signs in fine from here.' });
    expect((await report(panelIds[0]!, 'other')).statusCode).toBe(201);
  });
});
