import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../domain/webhooks';
import { runSubscriptionSweep } from '../billing/subscriptions/subscriptions';
import { orders, panels, webhookEndpoints, webhookMessages } from '../db/schema';
import { shopWithAdmin, signedUpClient } from '../testing/accounts';
import type { TestApp, TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

/*
 * Each event is written by the code that causes it, in its transaction
 * (docs/decisions/0012-webhooks.md): checkout, sandbox payment, allocation, abandoning,
 * cancelling at period end, the subscription sweep, the refund request and the admin's
 * decisions. What is checked is the outbox row each writes, its body frozen.
 */
const DAY = 86_400_000;
const databaseName = TEST_DATABASE_NAME;
let clock = new Date('2026-03-01T12:00:00Z');
let t: TestApp;
let admin: TestClient;
let customer: TestClient;
let endpointId: number;

interface Body {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

async function messages(): Promise<Body[]> {
  const rows = await t.database.db
    .select({ body: webhookMessages.body })
    .from(webhookMessages)
    .where(eq(webhookMessages.endpointId, endpointId))
    .orderBy(asc(webhookMessages.id));
  return rows.map((r) => JSON.parse(r.body) as Body);
}

const of = async (type: string, orderId?: number) =>
  (await messages()).filter((m) => m.type === type && (orderId === undefined || m.data.orderId === orderId));

async function checkout() {
  const res = await customer.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'card' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; orderId: number };
}

async function buy() {
  const { url, orderId } = await checkout();
  expect((await customer.post(`/api/sandbox/sessions/${url.split('/').at(-1)}/pay`)).statusCode).toBe(200);
  return orderId;
}

/** Allocation runs after the payment's commit; it is done once the order is completed. */
async function completed(orderId: number) {
  for (let i = 0; i < 100; i++) {
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    if (order?.status === 'completed') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`order ${orderId} was not completed`);
}

/** A new order, delivered, whose panel the customer reports: the replacement request's ids. */
async function reportedPanel(reason: string) {
  const orderId = await buy();
  await completed(orderId);
  const [owned] = (await customer.get('/api/me/panels'))
    .json()
    .panels.filter((p: { orderId: number }) => p.orderId === orderId);
  const reported = await customer.post(`/api/me/panels/${owned.id}/replacement-request`, {
    reason,
    note: '',
  });
  expect(reported.statusCode, reported.body).toBe(201);
  return { orderId, owned: owned as { id: number }, requestId: reported.json().id as number };
}

beforeAll(async () => {
  ({ t, admin } = await shopWithAdmin({
    clock: () => clock,
    stock: 14,
    adminEmail: 'events-admin@example.com',
  }));
  customer = await signedUpClient(t.app, 'Hook Customer', 'hooks@example.com');
  const created = await customer.post('/api/me/webhooks', {
    url: 'http://127.0.0.1:65000/events',
    events: [...WEBHOOK_EVENT_TYPES],
  });
  expect(created.statusCode, created.body).toBe(201);
  endpointId = created.json().id;
});
afterAll(() => t.close());

describe(`webhook events from the code that causes them, on ${databaseName}`, () => {
  it('order.created, order.paid and order.completed with the panel ids, through checkout and payment', async () => {
    const orderId = await buy();
    await completed(orderId);
    const [created] = await of('order.created', orderId);
    expect(created?.data).toMatchObject({
      orderId,
      status: 'pending_payment',
      planId: 'basic',
      quantity: 1,
      currency: 'USD',
      paymentMethod: 'card',
    });
    expect(created?.data.totalCents).toBeGreaterThan(0);
    const [paid] = await of('order.paid', orderId);
    expect(paid?.data).toMatchObject({ orderId, status: 'paid', subscriptionStatus: 'active' });
    const [done] = await of('order.completed', orderId);
    const delivered = await t.database.db
      .select({ id: panels.id })
      .from(panels)
      .where(eq(panels.orderId, orderId));
    expect(done?.data).toMatchObject({ orderId, status: 'completed' });
    expect(done?.data.panelIds).toEqual(delivered.map((p) => p.id).sort((a, b) => a - b));
    expect(delivered.length).toBe(1);
  });

  it('order.canceled when the customer abandons the checkout', async () => {
    const { orderId } = await checkout();
    expect((await customer.post(`/api/orders/${orderId}/abandon`)).statusCode).toBe(200);
    const [canceled] = await of('order.canceled', orderId);
    expect(canceled?.data).toMatchObject({
      orderId,
      status: 'canceled',
      cancelReason: 'canceled_by_customer',
    });
  });

  it('subscription.canceled when the customer cancels at period end, then subscription.expired at its end', async () => {
    const orderId = await buy();
    await completed(orderId);
    const res = await customer.post(`/api/me/subscriptions/${orderId}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const [canceled] = await of('subscription.canceled', orderId);
    expect(canceled?.data).toMatchObject({ orderId, cancelAtPeriodEnd: true, subscriptionStatus: 'active' });

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    await runSubscriptionSweep(t.database.db, new Date(order!.currentPeriodEnd!.getTime() + 1_000));
    const [expired] = await of('subscription.expired', orderId);
    expect(expired?.data).toMatchObject({ orderId, subscriptionStatus: 'expired', cancelAtPeriodEnd: false });
  });

  it('subscription.renewed by the sandbox renewal, subscription.past_due for an unpaid manual period', async () => {
    const renewing = await buy();
    const manual = await buy();
    await completed(manual);
    // The manual order stands for a bank-transfer subscription: the sweep marks it past due.
    await t.database.db.update(orders).set({ provider: 'manual' }).where(eq(orders.id, manual));
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [renewing, manual]));
    const end = Math.max(...rows.map((o) => o.currentPeriodEnd!.getTime()));
    await runSubscriptionSweep(t.database.db, new Date(end + 1_000));
    const [renewed] = await of('subscription.renewed', renewing);
    expect(renewed?.data).toMatchObject({ orderId: renewing, subscriptionStatus: 'active', currency: 'USD' });
    expect(Date.parse(String(renewed?.data.currentPeriodEnd))).toBeGreaterThan(end);
    const [pastDue] = await of('subscription.past_due', manual);
    expect(pastDue?.data).toMatchObject({ orderId: manual, subscriptionStatus: 'past_due' });
  });

  it('refund.requested, refund.approved (and the subscription ends), refund.denied', async () => {
    const approved = await buy();
    const denied = await buy();
    const ask = async (orderId: number) => {
      const res = await customer.post(`/api/me/orders/${orderId}/refund-request`, { reason: 'Not for us.' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    const first = await ask(approved);
    const second = await ask(denied);
    const [requested] = await of('refund.requested', approved);
    expect(requested?.data).toMatchObject({
      refundRequestId: first,
      orderId: approved,
      status: 'requested',
      reason: 'Not for us.',
      currency: 'USD',
    });
    expect((await admin.post(`/api/admin/refunds/${first}/approve`)).statusCode).toBe(200);
    const [yes] = await of('refund.approved', approved);
    expect(yes?.data).toMatchObject({ refundRequestId: first, status: 'approved' });
    const [ended] = await of('subscription.canceled', approved);
    expect(ended?.data).toMatchObject({ orderId: approved, subscriptionStatus: 'canceled' });

    const res = await admin.post(`/api/admin/refunds/${second}/deny`, { note: 'Used for a month.' });
    expect(res.statusCode, res.body).toBe(200);
    const [no] = await of('refund.denied', denied);
    expect(no?.data).toMatchObject({
      refundRequestId: second,
      status: 'denied',
      decisionNote: 'Used for a month.',
    });
  });

  it('panel.replacement_requested when a panel is reported, panel.replaced when an admin replaces it', async () => {
    const { orderId, owned, requestId } = await reportedPanel('suspended');
    const [opened] = await of('panel.replacement_requested', orderId);
    expect(opened?.data).toMatchObject({
      replacementRequestId: requestId,
      panelId: owned.id,
      status: 'open',
    });
    expect((await admin.post(`/api/admin/replacements/${requestId}/replace`)).json().status).toBe('replaced');
    const [replaced] = await of('panel.replaced', orderId);
    expect(replaced?.data).toMatchObject({
      replacementRequestId: requestId,
      status: 'replaced',
      reason: 'suspended',
    });
    expect(replaced?.data.newPanelId).toEqual(expect.any(Number));
  });

  it('panel.replacement_rejected when an admin rejects a report, with the reason', async () => {
    const { orderId, owned, requestId } = await reportedPanel('cannot_sign_in');
    const rejected = await admin.post(`/api/admin/replacements/${requestId}/reject`, {
      reason: 'It signs in from here; check the password you typed.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [event] = await of('panel.replacement_rejected', orderId);
    expect(event?.data).toMatchObject({
      replacementRequestId: requestId,
      panelId: owned.id,
      status: 'rejected',
      newPanelId: null,
      rejectionReason: 'It signs in from here; check the password you typed.',
    });
  });

  it('panel.canceled, panel.resumed, and panel.expired at the period end while the order renews', async () => {
    const res = await customer.post('/api/checkout', {
      planId: 'basic',
      additionalPanels: 1,
      method: 'card',
    });
    const { url, orderId } = res.json() as { url: string; orderId: number };
    await customer.post(`/api/sandbox/sessions/${url.split('/').at(-1)}/pay`);
    await completed(orderId);
    const owned = await t.database.db
      .select({ id: panels.id, email: panels.email })
      .from(panels)
      .where(eq(panels.orderId, orderId));
    const [panel] = owned.sort((a, b) => a.id - b.id);
    expect((await customer.post('/api/me/panels/cancel', { panelIds: [panel!.id] })).statusCode).toBe(200);
    expect((await customer.post('/api/me/panels/resume', { panelIds: [panel!.id] })).statusCode).toBe(200);
    expect((await customer.post('/api/me/panels/cancel', { panelIds: [panel!.id] })).statusCode).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const end = order!.currentPeriodEnd!.toISOString();
    const [canceled] = await of('panel.canceled', orderId);
    expect(canceled?.data).toEqual({
      panelId: panel!.id,
      orderId,
      email: panel!.email,
      status: 'active',
      cancelAtPeriodEnd: true,
      renewsAt: null,
      endsAt: end,
    });
    const [resumed] = await of('panel.resumed', orderId);
    expect(resumed?.data).toMatchObject({ panelId: panel!.id, cancelAtPeriodEnd: false, renewsAt: end });

    await runSubscriptionSweep(t.database.db, new Date(order!.currentPeriodEnd!.getTime() + 1_000));
    const [expired] = await of('panel.expired', orderId);
    expect(expired?.data).toMatchObject({
      panelId: panel!.id,
      status: 'expired',
      renewsAt: null,
      endsAt: end,
    });
    // The order renewed for its other panel: a panel's end is not the subscription's.
    expect(await of('subscription.expired', orderId)).toEqual([]);
    expect(await of('subscription.renewed', orderId)).toHaveLength(1);
  });

  it('has written each of the 17 events, once per cause, and nothing to a disabled endpoint', async () => {
    const seen = new Set((await messages()).map((m) => m.type));
    expect([...WEBHOOK_EVENT_TYPES].filter((type) => !seen.has(type))).toEqual([]);
    await t.database.db
      .update(webhookEndpoints)
      .set({ disabledAt: clock })
      .where(eq(webhookEndpoints.id, endpointId));
    const before = (await messages()).length;
    await checkout();
    expect((await messages()).length).toBe(before);
    clock = new Date(clock.getTime() + DAY);
  });
});
