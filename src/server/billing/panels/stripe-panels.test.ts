import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAlerts, orders, outboxMessages, panels, payments } from '../../db/schema';
import { MAX_ATTEMPTS } from '../../outbox/delivery';
import { signedUpClient } from '../../testing/accounts';
import { stripeShopForSuite } from '../../testing/stripe-shop';
import {
  checkoutLines,
  type StandInRequest,
  startCardCheckout,
  stripeSubscriptionItem,
} from '../../testing/stripe-stand-in';
import type { TestClient } from '../../testing/test-app';
import { testConfig } from '../../testing/test-config';
import { reconcileStripeQuantities } from './stripe-reconcile';

/*
 * Per-panel billing on Stripe (docs/decisions/0017), against the Stripe stand-in
 * (testing/stripe-stand-in.ts) answering subscriptions the way this file's cases want: a
 * cancel or resume of panels reaches Stripe as a change of its lines' quantities from the next
 * period (an outbox row, sent by the outbox's sweep), and Stripe's renewal invoice expires the
 * canceled panels and records the panels it paid for.
 */

interface StandInItem {
  id: string;
  quantity: number;
  unit: number;
  product: string;
  line?: 'plan' | 'addon';
}
/** The items of each subscription as the stand-in answers them, by subscription id. */
const itemsOf = new Map<string, StandInItem[]>();
/** The form of every subscription update, with its subscription id. */
const updates: { subscription: string; form: URLSearchParams }[] = [];
let failUpdates = 0;
/** Subscriptions whose every update Stripe refuses. */
const failFor = new Set<string>();

function subscriptionEndpoints(
  { method, path, body }: StandInRequest,
  res: import('node:http').ServerResponse,
) {
  const id = /^\/v1\/subscriptions\/(\w+)$/.exec(path)?.[1];
  if (!id || (method !== 'GET' && method !== 'POST')) return false;
  if (method === 'POST') {
    if (failUpdates > 0 || failFor.has(id)) {
      if (!failFor.has(id)) failUpdates--;
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is having a moment' } }));
      return true;
    }
    updates.push({ subscription: id, form: new URLSearchParams(body) });
  }
  const items = (itemsOf.get(id) ?? []).map(stripeSubscriptionItem);
  res.end(
    JSON.stringify({ id, object: 'subscription', status: 'active', items: { object: 'list', data: items } }),
  );
  return true;
}

const shop = stripeShopForSuite({ sessionPrefix: 'cs_panels_', routes: subscriptionEndpoints, stock: 64 });
let n = 0;

/** A customer's Pro order with 3 add-ons (8 panels), paid in Checkout: its Stripe subscription as Checkout made it. */
async function paidStripeOrder() {
  n += 1;
  const c = await signedUpClient(shop.t.app, 'Stripe Panels', `stripe-panels${n}@example.com`);
  const { orderId, sessionId, paid } = await shop.payCheckout(c);
  expect(paid.json().result).toBe('queued');
  const subscription = `sub_${sessionId}`;
  itemsOf.set(subscription, [
    { id: `si_plan_${n}`, quantity: 5, unit: 40_000, product: `prod_plan_${n}`, line: 'plan' },
    { id: `si_addon_${n}`, quantity: 3, unit: 30_000, product: `prod_addon_${n}`, line: 'addon' },
  ]);
  const owned = (await c.get('/api/me/panels')).json().panels as { id: number }[];
  return {
    c,
    email: `stripe-panels${n}@example.com`,
    orderId,
    sessionId,
    subscription,
    ids: owned.map((p) => p.id).sort((a, b) => a - b),
  };
}

const cancel = (c: TestClient, panelIds: number[]) => c.post('/api/me/panels/cancel', { panelIds });
const lastUpdateOf = (subscription: string) =>
  updates.filter((u) => u.subscription === subscription).at(-1)?.form;
const pendingQuantityRows = () =>
  shop.t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, 'stripe_quantity'), eq(outboxMessages.status, 'pending')));

describe('per-panel billing on Stripe', () => {
  it("opens Checkout with the plan priced per panel, each line's product saying which line it is", async () => {
    const c = await signedUpClient(shop.t.app, 'Checkout Lines', 'checkout-lines@example.com');
    await startCardCheckout(c);
    const form = shop.stripe.checkoutForms.at(-1)!;
    expect(checkoutLines(form)).toMatchObject([
      { quantity: '5', unitAmount: '40000', line: 'plan' },
      { quantity: '3', unitAmount: '30000', line: 'addon' },
    ]);
    // The checkout's total is still the order's.
    const session = [...shop.stripe.sessions.values()].at(-1)!;
    expect(session.amount_total).toBe(290_000);
  });

  it('sets the quantities for the panels that renew, from the next period (proration none), and cancels Stripe when none renew', async () => {
    const { c, orderId, subscription, ids } = await paidStripeOrder();
    expect((await cancel(c, ids.slice(0, 2))).statusCode).toBe(200);
    expect(await pendingQuantityRows()).toHaveLength(1);
    await shop.t.drainOutbox();
    expect(await pendingQuantityRows()).toEqual([]);
    let form = lastUpdateOf(subscription)!;
    // Six renew: the plan's five panels, and one add-on.
    expect(Object.fromEntries(form)).toEqual({
      'items[0][id]': expect.stringMatching(/^si_plan_/),
      'items[0][quantity]': '5',
      'items[1][id]': expect.stringMatching(/^si_addon_/),
      'items[1][quantity]': '1',
      proration_behavior: 'none',
      cancel_at_period_end: 'false',
      'metadata[panelhub_renewing_panels]': '6',
    });

    // Two more: the add-on line goes to none, then the plan's line counts the panels left.
    await cancel(c, ids.slice(2, 6));
    await shop.t.drainOutbox();
    form = lastUpdateOf(subscription)!;
    expect([form.get('items[0][quantity]'), form.get('items[1][quantity]')]).toEqual(['2', '0']);
    expect(form.get('metadata[panelhub_renewing_panels]')).toBe('2');

    // None left: the subscription ends at the period end, its lines as they were.
    await cancel(c, ids.slice(6));
    expect(
      (await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.cancelAtPeriodEnd,
    ).toBe(true);
    await shop.t.drainOutbox();
    form = lastUpdateOf(subscription)!;
    expect(Object.fromEntries(form)).toEqual({
      cancel_at_period_end: 'true',
      'metadata[panelhub_renewing_panels]': '0',
    });

    // The order-level resume: every panel renews again.
    expect((await c.post(`/api/me/subscriptions/${orderId}/resume`)).statusCode).toBe(200);
    await shop.t.drainOutbox();
    form = lastUpdateOf(subscription)!;
    expect([form.get('items[0][quantity]'), form.get('items[1][quantity]')]).toEqual(['5', '3']);
    expect(form.get('cancel_at_period_end')).toBe('false');
  });

  it('keeps the change through a Stripe outage: the row is retried until Stripe takes it', async () => {
    const { c, subscription, ids } = await paidStripeOrder();
    failUpdates = 1;
    const before = updates.length;
    await cancel(c, [ids[0]!]);
    await shop.t.drainOutbox();
    expect(updates.length).toBe(before);
    expect(await pendingQuantityRows()).toHaveLength(1);
    await shop.t.database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboxMessages.kind, 'stripe_quantity'));
    await shop.t.drainOutbox();
    expect(lastUpdateOf(subscription)?.get('items[1][quantity]')).toBe('2');
    expect(await pendingQuantityRows()).toEqual([]);
  });

  it('reprices a plan line bought whole as panels, on the same product', async () => {
    const { c, subscription, ids } = await paidStripeOrder();
    itemsOf.set(subscription, [
      { id: 'si_whole_plan', quantity: 1, unit: 200_000, product: 'prod_whole_plan' },
      { id: 'si_old_addon', quantity: 3, unit: 30_000, product: 'prod_old_addon' },
    ]);
    await cancel(c, ids.slice(0, 4));
    await shop.t.drainOutbox();
    expect(Object.fromEntries(lastUpdateOf(subscription)!)).toMatchObject({
      'items[0][id]': 'si_whole_plan',
      'items[0][price_data][unit_amount]': '40000',
      'items[0][price_data][product]': 'prod_whole_plan',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][recurring][interval]': 'month',
      'items[0][quantity]': '4',
      'items[1][id]': 'si_old_addon',
      'items[1][quantity]': '0',
      proration_behavior: 'none',
    });
  });

  it("expires the canceled panels when Stripe's renewal invoice is paid, and records the panels it paid for", async () => {
    const { c, email, orderId, sessionId, subscription, ids } = await paidStripeOrder();
    const [order] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const start = Math.floor(order!.currentPeriodEnd!.getTime() / 1000);
    const end = start + 30 * 86_400;
    await cancel(c, ids.slice(0, 2));
    await shop.t.drainOutbox();

    // The echo of an earlier state of ours (it names another count of renewing panels) does
    // not cancel the subscription.
    const echo = await shop.deliver('customer.subscription.updated', {
      id: subscription,
      object: 'subscription',
      cancel_at_period_end: true,
      metadata: { panelhub_renewing_panels: '0' },
      items: { object: 'list', data: [{ current_period_end: start }] },
    });
    expect(echo.json().result).toBe('queued');
    const [kept] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept?.cancelAtPeriodEnd).toBe(false);

    // The renewal's invoice, for 6 panels: the plan's 5 and one add-on.
    const renewalInvoice = (lines: Record<string, unknown>[]) =>
      shop.deliver('invoice.paid', {
        id: `in_renewal_${sessionId}`,
        object: 'invoice',
        amount_paid: 230_000,
        period_start: start,
        period_end: end,
        parent: { type: 'subscription_details', subscription_details: { subscription } },
        lines: { object: 'list', data: lines },
      });
    const { mail } = await shop.t.mailSentBy(() =>
      renewalInvoice([
        {
          quantity: 5,
          amount: 200_000,
          period: { start, end },
          pricing: { type: 'price_details', unit_amount_decimal: '40000' },
          parent: { type: 'subscription_item_details', subscription_item_details: { proration: false } },
        },
        {
          quantity: 1,
          amount: 30_000,
          period: { start, end },
          pricing: { type: 'price_details', unit_amount_decimal: '30000' },
          parent: { type: 'subscription_item_details', subscription_item_details: { proration: false } },
        },
      ]),
    );
    const rows = await shop.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.id));
    expect(rows.map((p) => [p.amountCents, p.panelCount])).toEqual([
      [290_000, 8],
      [230_000, 6],
    ]);
    const sold = await shop.t.database.db
      .select()
      .from(panels)
      .where(eq(panels.orderId, orderId))
      .orderBy(asc(panels.id));
    expect(sold.map((p) => p.status)).toEqual(['retired', 'retired', ...Array(6).fill('sold')]);
    expect(sold[0]?.endedAt?.getTime()).toBe(start * 1000);
    expect(mail.filter((m) => m.to === email).map((m) => m.subject)).toContain(
      `2 admin panels ended: order ${orderId}`,
    );
    const [renewed] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(renewed).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: false });
    expect(renewed?.currentPeriodEnd?.getTime()).toBe(end * 1000);

    // Delivered again: nothing more.
    await renewalInvoice([]);
    expect(
      await shop.t.database.db.select().from(payments).where(eq(payments.orderId, orderId)),
    ).toHaveLength(2);
  });

  it("carries a cancel made in Stripe's portal to every panel, and a resume there back", async () => {
    const { c, orderId, subscription } = await paidStripeOrder();
    const portal = (cancelAtPeriodEnd: boolean) =>
      shop.deliver('customer.subscription.updated', {
        id: subscription,
        object: 'subscription',
        cancel_at_period_end: cancelAtPeriodEnd,
        items: { object: 'list', data: [{ current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
      });
    await portal(true);
    const mine = () =>
      c.get('/api/me/panels').then((r) => r.json().panels as { cancelAtPeriodEnd: boolean }[]);
    expect((await mine()).every((p) => p.cancelAtPeriodEnd)).toBe(true);
    await portal(false);
    expect((await mine()).every((p) => !p.cancelAtPeriodEnd)).toBe(true);
    const [order] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.cancelAtPeriodEnd).toBe(false);
  });

  it('queues again a change the outbox gave up on, alerts the operators once, and lets one refused subscription hold up no other', async () => {
    const refused = await paidStripeOrder();
    const healthy = await paidStripeOrder();
    failFor.add(refused.subscription);
    failFor.add(healthy.subscription);
    await cancel(refused.c, [refused.ids[0]!]);
    await cancel(healthy.c, [healthy.ids[0]!]);
    // A day of retries, all refused: the outbox gives both rows up.
    await shop.t.drainOutbox();
    await shop.t.database.db
      .update(outboxMessages)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1000), lockedUntil: null })
      .where(and(eq(outboxMessages.kind, 'stripe_quantity'), eq(outboxMessages.status, 'pending')));
    await shop.t.drainOutbox();
    expect(await pendingQuantityRows()).toEqual([]);

    // Stripe takes the healthy one again; the reconcile queues both and alerts once per row.
    failFor.delete(healthy.subscription);
    const config = testConfig(shop.stripe.config);
    const first = await reconcileStripeQuantities(shop.t.database.db, config);
    expect(first.requeued).toEqual([refused.orderId, healthy.orderId]);
    expect(first.alerted).toHaveLength(2);
    const alerts = await shop.t.database.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.kind, 'stripe_sync_failed'));
    expect(alerts.map((a) => Number(a.key)).sort()).toEqual([...first.alerted].sort());

    await shop.t.drainOutbox();
    expect(lastUpdateOf(healthy.subscription)?.get('metadata[panelhub_renewing_panels]')).toBe('7');
    const sentOf = async (id: number) =>
      (await shop.t.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.stripeRenewingSent;
    expect(await sentOf(healthy.orderId)).toBe(7);
    expect(await sentOf(refused.orderId)).toBeNull();
    // The refused one retries on its own row: the next round queues nothing more, alerts nothing.
    expect((await pendingQuantityRows()).map((r) => r.payload)).toEqual([{ orderId: refused.orderId }]);
    expect(await reconcileStripeQuantities(shop.t.database.db, config)).toEqual({
      alerted: [],
      requeued: [],
    });

    // What Stripe last took drifted from what renews (a change lost): queued again.
    await shop.t.database.db
      .update(orders)
      .set({ stripeRenewingSent: 8 })
      .where(eq(orders.id, healthy.orderId));
    expect((await reconcileStripeQuantities(shop.t.database.db, config)).requeued).toEqual([healthy.orderId]);
    await shop.t.drainOutbox();
    expect(await sentOf(healthy.orderId)).toBe(7);
    failFor.delete(refused.subscription);
  });
});
