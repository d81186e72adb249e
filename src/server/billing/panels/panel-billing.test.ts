import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WebhookEventType } from '../../../domain/webhooks';
import { panels, payments, webhookMessages } from '../../db/schema';
import { customerSeries } from '../../testing/accounts';
import { auditEntries } from '../../testing/audit';
import { paidCardOrder } from '../../testing/checkout';
import { manualRenewalShopForSuite, paidBankOrder } from '../../testing/manual-renewal-shop';
import { orderRow } from '../../testing/orders';
import { pdfText } from '../../testing/pdf-text';
import type { TestClient } from '../../testing/test-app';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * Per-panel billing (D8, docs/decisions/0017): the order stays the subscription (one period for
 * the panels bought together), and each panel can be canceled at that period end or resumed.
 * Card orders renew through the sandbox here, bank transfers by an admin's record; the clock is
 * the app's, moved by the test, and the subscription runner is the one on the app's timer.
 */

const database = TEST_DATABASE_NAME;
let clock = new Date('2026-03-01T12:00:00Z');
const shop = manualRenewalShopForSuite(60, () => clock);
const db = () => shop.t.database.db;
const newCustomer = customerSeries(() => shop.t.app, 'panelbill');

interface Panel {
  id: number;
  orderId: number;
  email: string;
  cancelAtPeriodEnd: boolean;
  renewsAt: string | null;
  endsAt: string | null;
  resumable?: boolean;
}

/** A new customer's Basic order with `additional` add-ons, paid by card in the sandbox at `clock`. */
async function cardOrder(additional: number) {
  const { c, email } = await newCustomer();
  const orderId = await paidCardOrder(c, { additional });
  return { c, email, orderId, panels: await activePanels(c) };
}

/** A new customer's Basic bank transfer order with `additional` add-ons, marked paid at `clock`. */
async function bankOrder(additional: number) {
  const { c, email, orderId } = await paidBankOrder(shop, newCustomer, additional);
  return { c, email, orderId, panels: await activePanels(c) };
}

async function activePanels(c: TestClient): Promise<Panel[]> {
  const res = await c.get('/api/me/panels');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().panels as Panel[]).sort((a, b) => a.id - b.id);
}

const cancel = (c: TestClient, panelIds: number[]) => c.post('/api/me/panels/cancel', { panelIds });
const resume = (c: TestClient, panelIds: number[]) => c.post('/api/me/panels/resume', { panelIds });
const order = (id: number) => orderRow(db(), id);
const panelRow = async (id: number) => (await db().select().from(panels).where(eq(panels.id, id)))[0]!;
const paymentsOf = (orderId: number) =>
  db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
const subscriptionOf = async (c: TestClient, orderId: number) =>
  (await c.get('/api/me/billing'))
    .json()
    .subscriptions.find((s: { orderId: number }) => s.orderId === orderId);

/** Runs the subscription sweep at `at` and gives the e-mails it sent to `email`. */
async function sweepAt(at: string, email: string) {
  clock = new Date(at);
  const { mail } = await shop.t.mailSentBy(() => shop.runner.run());
  return mail.filter((m) => m.to === email);
}

/** An endpoint of the customer's for the panel events, and the bodies written to it so far. */
async function panelHook(c: TestClient) {
  const created = await c.post('/api/me/webhooks', {
    url: 'http://127.0.0.1:65000/panels',
    events: ['panel.canceled', 'panel.resumed', 'panel.expired', 'subscription.canceled'],
  });
  expect(created.statusCode, created.body).toBe(201);
  const endpointId = created.json().id as number;
  return async (type: WebhookEventType) =>
    (
      await db()
        .select({ body: webhookMessages.body })
        .from(webhookMessages)
        .where(and(eq(webhookMessages.endpointId, endpointId), eq(webhookMessages.eventType, type)))
        .orderBy(asc(webhookMessages.id))
    ).map((r) => JSON.parse(r.body).data as Record<string, unknown>);
}

describe(`per-panel billing on ${database}`, () => {
  it('cancels one of three panels: two renew on one payment, the third expires at the period end', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, email, orderId, panels: bought } = await cardOrder(2);
    expect(bought).toHaveLength(3);
    const events = await panelHook(c);
    const [gone, ...kept] = bought as [Panel, Panel, Panel];
    const end = '2026-04-01T12:00:00.000Z';
    expect(bought.every((p) => p.renewsAt === end && p.endsAt === null && !p.cancelAtPeriodEnd)).toBe(true);

    const res = await cancel(c, [gone.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      panels: [{ id: gone.id, orderId, cancelAtPeriodEnd: true, renewsAt: null, endsAt: end }],
    });
    expect((await activePanels(c)).find((p) => p.id === gone.id)?.resumable).toBe(true);
    // The order runs on: the other two still renew.
    expect((await order(orderId)).cancelAtPeriodEnd).toBe(false);
    expect(await subscriptionOf(c, orderId)).toMatchObject({
      cancelAtPeriodEnd: false,
      renewingPanels: 2,
      renewalPriceCents: 95_000,
    });
    const [audit] = await auditEntries(db(), 'panel.canceled', gone.id);
    expect(audit).toMatchObject({ actorEmail: email, targetType: 'panel', details: { orderId } });
    expect(await events('panel.canceled')).toEqual([
      {
        panelId: gone.id,
        orderId,
        email: gone.email,
        status: 'active',
        cancelAtPeriodEnd: true,
        renewsAt: null,
        endsAt: end,
      },
    ]);
    // A repeat changes nothing and logs nothing more.
    expect((await cancel(c, [gone.id])).statusCode).toBe(200);
    expect(await auditEntries(db(), 'panel.canceled', gone.id)).toHaveLength(1);
    expect(await events('panel.canceled')).toHaveLength(1);

    // Still active until the period end.
    expect((await sweepAt('2026-04-01T11:59:00Z', email)).map((m) => m.subject)).toEqual([]);
    expect((await panelRow(gone.id)).status).toBe('sold');

    const mail = await sweepAt('2026-04-01T12:00:01Z', email);
    const rows = await paymentsOf(orderId);
    expect(rows.map((p) => [p.amountCents, p.panelCount])).toEqual([
      [140_000, 3],
      [95_000, 2],
    ]);
    expect(rows[1]).toMatchObject({
      periodStart: new Date(end),
      periodEnd: new Date('2026-05-01T12:00:00Z'),
    });
    expect(await panelRow(gone.id)).toMatchObject({
      status: 'retired',
      cancelAtPeriodEnd: true,
      endedAt: new Date(end),
      retiredReason: null,
    });
    for (const p of kept) expect((await panelRow(p.id)).status).toBe('sold');
    expect((await order(orderId)).currentPeriodEnd?.toISOString()).toBe('2026-05-01T12:00:00.000Z');

    const ended = mail.find((m) => m.subject === `Admin panel ended: order ${orderId}`);
    expect(ended?.text).toContain(gone.email);
    expect(ended?.text).toContain('2026-04-01');
    for (const p of kept) expect(ended?.text).not.toContain(p.email);
    const renewed = mail.find((m) => m.subject === `Subscription renewed: order ${orderId}`);
    expect(renewed?.text).toContain(`We charged $950 for order ${orderId} (2 panels).`);
    const [expired] = await events('panel.expired');
    expect(expired).toMatchObject({ panelId: gone.id, status: 'expired', renewsAt: null, endsAt: end });

    // The dashboard: two active panels renewing with the order, the third among the past ones.
    const now = await activePanels(c);
    expect(now.map((p) => [p.id, p.renewsAt])).toEqual(kept.map((p) => [p.id, '2026-05-01T12:00:00.000Z']));
    const past = (await c.get('/api/me/panels/past')).json().panels;
    expect(past).toEqual([expect.objectContaining({ id: gone.id, status: 'expired', endedAt: end })]);

    // /billing and the invoice say how many panels the renewal paid for.
    const billing = (await c.get('/api/me/billing')).json();
    const renewal = billing.history.find((h: { amountCents: number }) => h.amountCents === 95_000);
    expect(renewal.items).toBe(2);
    const text = pdfText((await c.get(`/api/me/invoices/${renewal.id}/pdf`)).rawPayload);
    for (const expected of [
      'Admin panels: 2',
      'Basic plan, 1 admin panel (monthly)',
      'Additional admin panel (monthly)',
      '$950',
    ]) {
      expect(text).toContain(expected);
    }

    // Swept again: nothing more is charged, expired or sent.
    expect(await sweepAt('2026-04-01T12:05:00Z', email)).toEqual([]);
    expect(await paymentsOf(orderId)).toHaveLength(2);
    const again = await cancel(c, [gone.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('panel_ended');
  });

  it('resumed before the period end, the panel renews with the others', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, email, orderId, panels: bought } = await cardOrder(2);
    const events = await panelHook(c);
    const [panel] = bought as [Panel];
    expect((await cancel(c, [panel.id])).statusCode).toBe(200);
    clock = new Date('2026-03-20T12:00:00Z');
    const res = await resume(c, [panel.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().panels[0]).toMatchObject({
      cancelAtPeriodEnd: false,
      renewsAt: '2026-04-01T12:00:00.000Z',
      endsAt: null,
    });
    expect(await auditEntries(db(), 'panel.resumed', panel.id)).toHaveLength(1);
    expect(await events('panel.resumed')).toEqual([expect.objectContaining({ panelId: panel.id })]);

    const mail = await sweepAt('2026-04-01T12:00:01Z', email);
    expect((await paymentsOf(orderId)).map((p) => [p.amountCents, p.panelCount])).toEqual([
      [140_000, 3],
      [140_000, 3],
    ]);
    expect((await activePanels(c)).map((p) => p.id)).toEqual(bought.map((p) => p.id));
    expect(mail.map((m) => m.subject)).toEqual([`Subscription renewed: order ${orderId}`]);
  });

  it('all panels canceled one by one cancel the subscription, which expires at the period end', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, email, orderId, panels: bought } = await cardOrder(2);
    const events = await panelHook(c);
    const [a, b, last] = bought as [Panel, Panel, Panel];
    await cancel(c, [a.id]);
    await cancel(c, [b.id]);
    expect((await order(orderId)).cancelAtPeriodEnd).toBe(false);
    expect(await events('subscription.canceled')).toEqual([]);
    await cancel(c, [last.id]);
    expect((await order(orderId)).cancelAtPeriodEnd).toBe(true);
    expect(await events('subscription.canceled')).toEqual([
      expect.objectContaining({ orderId, cancelAtPeriodEnd: true }),
    ]);
    expect(await subscriptionOf(c, orderId)).toMatchObject({ renewingPanels: 0, renewalPriceCents: 0 });

    // Taking one back renews the subscription again; cancelling it again ends it.
    await resume(c, [last.id]);
    expect((await order(orderId)).cancelAtPeriodEnd).toBe(false);
    await cancel(c, [last.id]);
    expect((await order(orderId)).cancelAtPeriodEnd).toBe(true);

    const mail = await sweepAt('2026-04-01T12:00:01Z', email);
    expect(await order(orderId)).toMatchObject({ subscriptionStatus: 'expired', cancelAtPeriodEnd: false });
    expect(await paymentsOf(orderId)).toHaveLength(1);
    for (const p of bought) {
      expect(await panelRow(p.id)).toMatchObject({
        status: 'retired',
        endedAt: new Date('2026-04-01T12:00:00Z'),
      });
    }
    expect(mail.map((m) => m.subject)).toEqual([`Subscription ended: order ${orderId}`]);
  });

  it("the order's own cancel flags every panel and its resume clears them", async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, orderId, panels: bought } = await cardOrder(2);
    const [first] = bought as [Panel];
    expect((await c.post(`/api/me/subscriptions/${orderId}/cancel`)).json()).toEqual({
      cancelAtPeriodEnd: true,
    });
    const canceled = await activePanels(c);
    expect(canceled.every((p) => p.cancelAtPeriodEnd && p.renewsAt === null)).toBe(true);
    expect(await subscriptionOf(c, orderId)).toMatchObject({ cancelAtPeriodEnd: true, renewingPanels: 0 });

    // One panel taken back: the subscription renews again, for that panel.
    await resume(c, [first.id]);
    expect(await subscriptionOf(c, orderId)).toMatchObject({
      cancelAtPeriodEnd: false,
      renewingPanels: 1,
      renewalPriceCents: 50_000,
    });

    expect((await c.post(`/api/me/subscriptions/${orderId}/cancel`)).statusCode).toBe(200);
    expect((await c.post(`/api/me/subscriptions/${orderId}/resume`)).json()).toEqual({
      cancelAtPeriodEnd: false,
    });
    const resumed = await activePanels(c);
    expect(resumed.every((p) => !p.cancelAtPeriodEnd && p.renewsAt === '2026-04-01T12:00:00.000Z')).toBe(
      true,
    );
    expect(await subscriptionOf(c, orderId)).toMatchObject({ renewingPanels: 3, renewalPriceCents: 140_000 });
  });

  it("refuses another customer's panel with 404 and changes nothing, and bad selections with 400", async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const a = await cardOrder(1);
    const b = await cardOrder(1);
    const [theirs] = a.panels as [Panel];
    const [mine] = b.panels as [Panel];
    const mixed = await cancel(b.c, [mine.id, theirs.id]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().error.code).toBe('not_found');
    expect((await resume(b.c, [theirs.id])).statusCode).toBe(404);
    expect((await cancel(b.c, [2_000_000_000])).statusCode).toBe(404);
    expect((await panelRow(mine.id)).cancelAtPeriodEnd).toBe(false);
    expect((await panelRow(theirs.id)).cancelAtPeriodEnd).toBe(false);
    expect(await auditEntries(db(), 'panel.canceled', mine.id)).toEqual([]);

    for (const body of [
      { panelIds: [] },
      { panelIds: [mine.id, mine.id] },
      { panelIds: Array.from({ length: 101 }, (_, i) => i + 1) },
      { panelIds: [0] },
      { panelIds: ['1'] },
      { ids: [mine.id] },
    ]) {
      const res = await b.c.post('/api/me/panels/cancel', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await panelRow(mine.id)).cancelAtPeriodEnd).toBe(false);
  });

  it("gives a replacement of a canceled panel its predecessor's cancel", async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, email, orderId, panels: bought } = await cardOrder(1);
    const [flagged] = bought as [Panel];
    await cancel(c, [flagged.id]);
    const reported = await c.post(`/api/me/panels/${flagged.id}/replacement-request`, {
      reason: 'cannot_sign_in',
      note: '',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const replaced = await shop.admin.post(`/api/admin/replacements/${reported.json().id}/replace`);
    expect(replaced.json().status).toBe('replaced');
    const successor = (await activePanels(c)).find((p) => !bought.some((b) => b.id === p.id));
    expect(successor).toMatchObject({ cancelAtPeriodEnd: true, renewsAt: null });
    expect(await subscriptionOf(c, orderId)).toMatchObject({ cancelAtPeriodEnd: false, renewingPanels: 1 });

    await sweepAt('2026-04-01T12:00:01Z', email);
    expect((await paymentsOf(orderId)).map((p) => p.panelCount)).toEqual([2, 1]);
    expect((await panelRow(successor!.id)).status).toBe('retired');
  });

  it('a bank transfer renewal is invoiced and recorded for the panels that renew; the canceled one ends with its period', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, email, orderId, panels: bought } = await bankOrder(2);
    const [gone] = bought as [Panel];
    await cancel(c, [gone.id]);

    const invoiced = await sweepAt('2026-03-25T12:00:00Z', email);
    const invoice = invoiced.find((m) => m.subject.startsWith(`Renewal invoice for order ${orderId}`));
    expect(invoice?.subject).toBe(`Renewal invoice for order ${orderId}: $950 due 2026-04-01`);
    expect(invoice?.text).toContain(`The next month of order ${orderId} (2 panels) costs $950 (USD)`);
    expect((await c.get(`/api/orders/${orderId}/payment-instructions`)).json().due).toMatchObject({
      kind: 'renewal',
      amountCents: 95_000,
    });
    const detail = (await shop.admin.get(`/api/admin/orders/${orderId}`)).json();
    expect(detail.renewal).toEqual({ panels: 2, amountCents: 95_000 });

    clock = new Date('2026-03-28T09:00:00Z');
    const recorded = await shop.admin.post(`/api/admin/orders/${orderId}/record-renewal`, {
      amountCents: 95_000,
      forPeriodEnd: '2026-04-01T12:00:00.000Z',
    });
    expect(recorded.json()).toMatchObject({ recorded: true, periodEnd: '2026-05-01T12:00:00.000Z' });
    expect((await paymentsOf(orderId)).map((p) => [p.amountCents, p.panelCount])).toEqual([
      [140_000, 3],
      [95_000, 2],
    ]);
    // Paid for without it: it runs to the old period end and can no longer be resumed.
    expect(await panelRow(gone.id)).toMatchObject({
      status: 'sold',
      endedAt: new Date('2026-04-01T12:00:00Z'),
    });
    expect((await activePanels(c)).find((p) => p.id === gone.id)).toMatchObject({
      renewsAt: null,
      endsAt: '2026-04-01T12:00:00.000Z',
      resumable: false,
    });
    const refused = await resume(c, [gone.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('panel_ended');

    expect(await sweepAt('2026-04-01T11:59:00Z', email)).toEqual([]);
    const mail = await sweepAt('2026-04-01T12:00:00Z', email);
    expect(mail.map((m) => m.subject)).toEqual([`Admin panel ended: order ${orderId}`]);
    expect((await panelRow(gone.id)).status).toBe('retired');
    expect((await order(orderId)).subscriptionStatus).toBe('active');
    expect(await sweepAt('2026-04-01T12:10:00Z', email)).toEqual([]);
  });

  it('serves /api/v1: panels carry their renewal, and a read_write key cancels and resumes one', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, orderId, panels: bought } = await cardOrder(1);
    const [panel, other] = bought as [Panel, Panel];
    const key = async (client: TestClient, scope: 'read' | 'read_write') => {
      const res = await client.post('/api/me/api-keys', { name: `Panels ${scope}`, scope });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; key: string };
    };
    const writer = await key(c, 'read_write');
    const reader = await key(c, 'read');
    const call = (method: 'GET' | 'POST', url: string, bearer = writer.key) =>
      shop.t.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` } });

    const listed = (await call('GET', '/api/v1/panels?status=active')).json().data;
    expect(listed.find((p: { id: number }) => p.id === panel.id)).toMatchObject({
      cancelAtPeriodEnd: false,
      renewsAt: '2026-04-01T12:00:00.000Z',
      endsAt: null,
    });

    expect((await call('POST', `/api/v1/panels/${panel.id}/cancel`, reader.key)).statusCode).toBe(403);
    const canceled = await call('POST', `/api/v1/panels/${panel.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      id: panel.id,
      orderId,
      status: 'active',
      cancelAtPeriodEnd: true,
      renewsAt: null,
      endsAt: '2026-04-01T12:00:00.000Z',
    });
    expect(canceled.json()).not.toHaveProperty('password');
    const [audit] = await auditEntries(db(), 'panel.canceled', panel.id);
    expect(audit?.details).toEqual({ orderId, apiKeyId: writer.id, workspaceId: expect.any(String) });
    expect((await call('GET', `/api/v1/panels/${other.id}`)).json()).toMatchObject({
      cancelAtPeriodEnd: false,
      renewsAt: '2026-04-01T12:00:00.000Z',
    });

    const resumed = await call('POST', `/api/v1/panels/${panel.id}/resume`);
    expect(resumed.json()).toMatchObject({ cancelAtPeriodEnd: false, renewsAt: '2026-04-01T12:00:00.000Z' });

    const stranger = await cardOrder(0);
    const theirs = await key(stranger.c, 'read_write');
    const refused = await call('POST', `/api/v1/panels/${panel.id}/cancel`, theirs.key);
    expect(refused.statusCode).toBe(404);
    expect((await panelRow(panel.id)).cancelAtPeriodEnd).toBe(false);

    const doc = (await c.get('/api/openapi.json')).json();
    for (const action of ['cancel', 'resume']) {
      const op = doc.paths[`/api/v1/panels/{panelId}/${action}`]?.post;
      expect(op?.security).toEqual([{ apiKey: [] }]);
      expect(Object.keys(op?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '404', '409', '429']),
      );
    }
  });
});
