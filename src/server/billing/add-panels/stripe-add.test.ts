import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outboxMessages, panels, payments } from '../../db/schema';
import { signedUpClient } from '../../testing/accounts';
import { pdfText } from '../../testing/pdf-text';
import { stripeShopForSuite } from '../../testing/stripe-shop';
import { type StandInRequest, stripeError, stripeSubscriptionItem } from '../../testing/stripe-stand-in';

/*
 * Panels added mid-period to a Stripe subscription (docs/decisions/0018-adding-panels.md),
 * against the Stripe stand-in (testing/stripe-stand-in.ts): the panels are handed over at once,
 * an outbox row raises the subscription's lines with the proration invoiced at once, and the
 * proration invoice's `invoice.paid` records the payment without renewing anything.
 */

const DAY = 86_400_000;

interface StandInSubscription {
  items: { id: string; quantity: number; unit: number; line: 'plan' | 'addon' }[];
  metadata: Record<string, string>;
  /** Stripe's own period start, in Unix seconds, when a test sets one. */
  periodStart?: number;
}
/** Each subscription as the stand-in answers it, by id; an update's metadata is kept, as Stripe does. */
const subscriptions = new Map<string, StandInSubscription>();
/** Every subscription update: its subscription, its form and its idempotency key. */
const updates: { subscription: string; form: URLSearchParams; key: string | undefined }[] = [];
/** Subscriptions whose updates that invoice at once Stripe refuses. */
const refusing = new Set<string>();

function subscriptionEndpoints(
  { method, path, body, headers }: StandInRequest,
  res: import('node:http').ServerResponse,
) {
  const id = /^\/v1\/subscriptions\/(\w+)$/.exec(path)?.[1];
  const subscription = id ? subscriptions.get(id) : undefined;
  if (!id || !subscription || (method !== 'GET' && method !== 'POST')) return false;
  if (method === 'POST' && refusing.has(id) && body.includes('proration_behavior=always_invoice')) {
    return stripeError(res, 500, 'Stripe is having a moment');
  }
  if (method === 'POST') {
    const form = new URLSearchParams(body);
    const key = headers['idempotency-key'];
    updates.push({ subscription: id, form, key: typeof key === 'string' ? key : undefined });
    for (const [name, value] of form) {
      const meta = /^metadata\[(\w+)\]$/.exec(name)?.[1];
      if (meta) subscription.metadata[meta] = value;
      const item = /^items\[(\d+)\]\[quantity\]$/.exec(name)?.[1];
      const target = item === undefined ? undefined : subscription.items[Number(item)];
      if (target) target.quantity = Number(value);
    }
  }
  res.end(
    JSON.stringify({
      id,
      object: 'subscription',
      status: 'active',
      metadata: subscription.metadata,
      items: {
        object: 'list',
        data: subscription.items.map((item) =>
          stripeSubscriptionItem({ ...item, periodStart: subscription.periodStart }),
        ),
      },
    }),
  );
  return true;
}

const shop = stripeShopForSuite({ sessionPrefix: 'cs_addstripe_', routes: subscriptionEndpoints, stock: 80 });
const db = () => shop.t.database.db;
let n = 0;

/**
 * A customer's Pro order with 3 add-ons (8 panels) paid in Checkout, on day 10 of a 30-day
 * period (moved there in the rows, as Stripe's period would be).
 */
async function stripeOrderOnDay10() {
  n += 1;
  const email = `stripe-add${n}@example.com`;
  const c = await signedUpClient(shop.t.app, 'Stripe Add', email);
  const { orderId, sessionId, paid } = await shop.payCheckout(c);
  expect(paid.json().result).toBe('queued');
  const subscription = `sub_${sessionId}`;
  subscriptions.set(subscription, {
    items: [
      { id: `si_plan_${n}`, quantity: 5, unit: 40_000, line: 'plan' },
      { id: `si_addon_${n}`, quantity: 3, unit: 30_000, line: 'addon' },
    ],
    metadata: {},
  });
  // Whole seconds, as Stripe's periods are.
  const start = new Date(Math.floor((Date.now() - 10 * DAY - 60_000) / 1000) * 1000);
  const end = new Date(start.getTime() + 30 * DAY);
  await db()
    .update(orders)
    .set({ currentPeriodStart: start, currentPeriodEnd: end })
    .where(eq(orders.id, orderId));
  const owned = (await c.get('/api/me/panels')).json().panels as { id: number }[];
  return { c, email, orderId, sessionId, subscription, start, end, ids: owned.map((p) => p.id) };
}

const order = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (orderId: number) =>
  db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
const panelsOf = (orderId: number) =>
  db().select().from(panels).where(eq(panels.orderId, orderId)).orderBy(asc(panels.id));
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** Stripe's invoice for a subscription, as `invoice.paid` carries it. */
function invoice(
  id: string,
  subscription: string,
  fields: {
    reason: string;
    amount: number;
    start: number;
    end: number;
    lines: { quantity: number; amount: number; proration: boolean }[];
    metadata?: Record<string, string>;
  },
) {
  return {
    id,
    object: 'invoice',
    billing_reason: fields.reason,
    amount_paid: fields.amount,
    period_start: fields.start,
    period_end: fields.end,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription, metadata: fields.metadata ?? {} },
    },
    lines: {
      object: 'list',
      data: fields.lines.map((line) => ({
        quantity: line.quantity,
        amount: line.amount,
        period: { start: fields.start, end: fields.end },
        pricing: {
          type: 'price_details',
          unit_amount_decimal: String(Math.abs(line.amount) / line.quantity),
        },
        parent: {
          type: 'subscription_item_details',
          subscription_item_details: { proration: line.proration },
        },
      })),
    },
  };
}

/** The proration invoice of two add-ons added on day 10 of 30: 20/30 of $600. */
const prorationInvoice = (
  id: string,
  subscription: string,
  prorationDate: number,
  end: Date,
  metadata: Record<string, string> = { panelhub_added_panels: '2' },
) =>
  invoice(id, subscription, {
    reason: 'subscription_update',
    amount: 40_000,
    start: prorationDate,
    end: unix(end),
    metadata,
    lines: [
      { quantity: 3, amount: -60_000, proration: true },
      { quantity: 5, amount: 100_000, proration: true },
    ],
  });

/** stripeOrderOnDay10 with two add-ons added and pushed to Stripe. */
async function twoAddedOnDay10() {
  const bought = await stripeOrderOnDay10();
  const added = await bought.c.post(`/api/me/orders/${bought.orderId}/add-panels`, { panels: 2 });
  expect(added.statusCode, added.body).toBe(200);
  await shop.t.drainOutbox();
  return { ...bought, prorationDate: Math.ceil((bought.end.getTime() - 20 * DAY) / 1000) };
}

describe('adding panels to a Stripe subscription mid-period', () => {
  it('hands the panels over at once and pushes the quantity to Stripe with the proration invoiced at once', async () => {
    const { c, email, orderId, subscription, end } = await stripeOrderOnDay10();
    const quoted = await c.get(`/api/me/orders/${orderId}/add-panels?panels=2`);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      daysLeft: 20,
      periodDays: 30,
      monthlyCents: 60_000,
      chargeCents: 40_000,
    });

    const { result: res, mail } = await shop.t.mailSentBy(() =>
      c.post(`/api/me/orders/${orderId}/add-panels`, { panels: 2, quotedCents: 40_000 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      orderId,
      panels: 2,
      chargedCents: 40_000,
      renewsAt: end.toISOString(),
    });
    expect(mail.find((m) => m.to === email && m.subject.includes('added to order'))?.text).toContain(
      'Your card on file is charged $400 for the 20 days left of this 30-day period, on an invoice of its own.',
    );
    // Handed over at once, the order raised; nothing recorded as paid until Stripe's invoice is.
    expect(await order(orderId)).toMatchObject({ quantity: 10, additionalPanels: 5, totalCents: 350_000 });
    expect(await panelsOf(orderId)).toHaveLength(10);
    expect(await paymentsOf(orderId)).toHaveLength(1);

    // The receipt's delivery may have sent it already.
    const rows = (
      await db().select().from(outboxMessages).where(eq(outboxMessages.kind, 'stripe_quantity'))
    ).filter((r) => (r.payload as { orderId: number }).orderId === orderId);
    const prorationDate = Math.ceil((end.getTime() - 20 * DAY) / 1000);
    expect(rows.map((r) => r.payload)).toEqual([
      { orderId, addition: { quantityBefore: 8, renewingBefore: 8, panels: 2, prorationDate } },
    ]);

    await shop.t.drainOutbox();
    const mine = updates.filter((u) => u.subscription === subscription);
    // Stripe had never been told the renewing panels: first the eight as they were, invoicing nothing...
    expect(mine).toHaveLength(2);
    expect(mine[0]?.form.get('proration_behavior')).toBe('none');
    expect([mine[0]?.form.get('items[0][quantity]'), mine[0]?.form.get('items[1][quantity]')]).toEqual([
      '5',
      '3',
    ]);
    // ...then the ten, the two added ones invoiced at once from the quote's first day left.
    expect(Object.fromEntries(mine[1]!.form)).toEqual({
      'items[0][id]': `si_plan_${n}`,
      'items[0][quantity]': '5',
      'items[1][id]': `si_addon_${n}`,
      'items[1][quantity]': '5',
      proration_behavior: 'always_invoice',
      proration_date: String(prorationDate),
      cancel_at_period_end: 'false',
      'metadata[panelhub_addition]': `add_panels_${orderId}_8`,
      'metadata[panelhub_added_panels]': '2',
      'metadata[panelhub_renewing_panels]': '10',
    });
    expect(mine[1]?.key).toBe(`add_panels_${orderId}_8`);
    expect((await order(orderId)).stripeRenewingSent).toBe(10);
  });

  it('records the proration invoice once, and neither renews the period nor ends the canceled panels', async () => {
    const { c, orderId, subscription, start, end, ids, prorationDate } = await twoAddedOnDay10();
    // A panel canceled before the invoice is paid runs to the period end all the same.
    expect((await c.post('/api/me/panels/cancel', { panelIds: [ids[0]!] })).statusCode).toBe(200);
    const paidEvent = prorationInvoice(`in_proration_${orderId}`, subscription, prorationDate, end);
    const paid = await shop.deliver('invoice.paid', paidEvent, { id: `evt_proration_${orderId}` });
    expect(paid.json().result).toBe('queued');
    // Not a renewal: the period is where it was, and the canceled panel is not expired (a
    // renewal ends the canceled panels where the invoice's period starts).
    const after = await order(orderId);
    expect(after.currentPeriodStart?.getTime()).toBe(start.getTime());
    expect(after.currentPeriodEnd?.getTime()).toBe(end.getTime());
    expect(after.subscriptionStatus).toBe('active');
    const canceled = (await panelsOf(orderId)).find((p) => p.id === ids[0]);
    expect(canceled).toMatchObject({ status: 'sold', cancelAtPeriodEnd: true, endedAt: null });
    const recorded = (await paymentsOf(orderId)).at(-1);
    expect(recorded).toMatchObject({
      amountCents: 40_000,
      panelCount: 2,
      addsPanels: true,
      status: 'completed',
      providerChargeId: `in_proration_${orderId}`,
    });
    expect(recorded?.periodStart?.getTime()).toBe(prorationDate * 1000);
    expect(recorded?.periodEnd?.getTime()).toBe(end.getTime());
    const pdf = pdfText((await c.get(`/api/me/invoices/${recorded?.id}/pdf`)).rawPayload);
    expect(pdf).toContain(`2 admin panels added to order ${orderId} until its renewal (pro rata)`);

    // Delivered again, under its own id or another: nothing more.
    await shop.deliver('invoice.paid', paidEvent, { id: `evt_proration_${orderId}` });
    await shop.deliver('invoice.paid', paidEvent);
    expect(await paymentsOf(orderId)).toHaveLength(2);
  });

  it('still renews on the renewal invoice after a proration: the next period, the canceled panel ended', async () => {
    const { c, orderId, subscription, end, ids, prorationDate } = await twoAddedOnDay10();
    expect((await c.post('/api/me/panels/cancel', { panelIds: [ids[0]!] })).statusCode).toBe(200);
    await shop.deliver(
      'invoice.paid',
      prorationInvoice(`in_proration_${orderId}`, subscription, prorationDate, end),
    );
    const next = new Date(end.getTime() + 30 * DAY);
    const renewal = await shop.deliver(
      'invoice.paid',
      invoice(`in_cycle_${orderId}`, subscription, {
        reason: 'subscription_cycle',
        amount: 320_000,
        start: unix(end),
        end: unix(next),
        lines: [
          { quantity: 5, amount: 200_000, proration: false },
          { quantity: 4, amount: 120_000, proration: false },
        ],
      }),
    );
    expect(renewal.json().result).toBe('queued');
    expect((await order(orderId)).currentPeriodEnd?.getTime()).toBe(next.getTime());
    expect((await paymentsOf(orderId)).at(-1)).toMatchObject({
      amountCents: 320_000,
      panelCount: 9,
      addsPanels: false,
    });
    expect((await panelsOf(orderId)).find((p) => p.id === ids[0])?.status).toBe('retired');
  });

  it("prorates from Stripe's own period start when ours began a moment earlier", async () => {
    const { c, orderId, subscription, start } = await stripeOrderOnDay10();
    // Added on the period's first day: the quote's days left start where our period does.
    await db()
      .update(orders)
      .set({
        currentPeriodStart: new Date(Date.now() - 60_000),
        currentPeriodEnd: new Date(start.getTime() + 40 * DAY),
      })
      .where(eq(orders.id, orderId));
    const stripeStart = unix(new Date()) - 30;
    subscriptions.get(subscription)!.periodStart = stripeStart;
    expect((await c.post(`/api/me/orders/${orderId}/add-panels`, { panels: 1 })).statusCode).toBe(200);
    await shop.t.drainOutbox();
    const invoiced = updates.filter(
      (u) => u.subscription === subscription && u.form.get('proration_behavior') === 'always_invoice',
    );
    expect(invoiced.map((u) => u.form.get('proration_date'))).toEqual([String(stripeStart)]);
  });

  it('does not invoice an addition twice when its row is sent again after Stripe took it', async () => {
    const { c, orderId, subscription } = await stripeOrderOnDay10();
    expect((await c.post(`/api/me/orders/${orderId}/add-panels`, { panels: 1 })).statusCode).toBe(200);
    await shop.t.drainOutbox();
    const sent = updates.filter((u) => u.subscription === subscription).length;
    // The answer was lost: the row is pending again.
    await db()
      .update(outboxMessages)
      .set({ status: 'pending', nextAttemptAt: new Date(Date.now() - 1000), lockedUntil: null })
      .where(
        and(
          eq(outboxMessages.kind, 'stripe_quantity'),
          sql`(${outboxMessages.payload}->>'orderId')::int = ${orderId}`,
        ),
      );
    await shop.t.drainOutbox();
    expect(updates.filter((u) => u.subscription === subscription)).toHaveLength(sent);
  });

  it('holds a later change back until the addition reached Stripe, so the addition is invoiced whole', async () => {
    const { c, orderId, subscription, ids } = await stripeOrderOnDay10();
    const ofOrder = and(
      eq(outboxMessages.kind, 'stripe_quantity'),
      sql`(${outboxMessages.payload}->>'orderId')::int = ${orderId}`,
    );
    const due = () =>
      db()
        .update(outboxMessages)
        .set({ nextAttemptAt: new Date(Date.now() - 1000), lockedUntil: null })
        .where(and(ofOrder, eq(outboxMessages.status, 'pending')));
    refusing.add(subscription);
    expect((await c.post(`/api/me/orders/${orderId}/add-panels`, { panels: 1 })).statusCode).toBe(200);
    // Canceled right after: from the next period eight renew, but the added one was bought for this one.
    expect((await c.post('/api/me/panels/cancel', { panelIds: [ids[0]!] })).statusCode).toBe(200);
    await shop.t.drainOutbox();
    // The addition got as far as the panels renewing before it; the cancel's row waits for it.
    const firstRound = updates.filter((u) => u.subscription === subscription);
    expect(firstRound.map((u) => u.form.get('metadata[panelhub_renewing_panels]'))).toEqual(['8']);

    refusing.delete(subscription);
    for (let round = 0; round < 3; round++) {
      await due();
      await shop.t.drainOutbox();
    }
    const pending = await db()
      .select()
      .from(outboxMessages)
      .where(and(ofOrder, eq(outboxMessages.status, 'pending')));
    expect(pending).toEqual([]);
    const sent = updates
      .filter((u) => u.subscription === subscription)
      .map((u) => [u.form.get('proration_behavior'), u.form.get('metadata[panelhub_renewing_panels]')]);
    expect(sent).toEqual([
      ['none', '8'],
      ['always_invoice', '9'],
      ['none', '8'],
    ]);
  });

  it('brings a subscription its failed proration invoice made past due back, on the same period, once Stripe collects it', async () => {
    const { orderId, subscription, end, prorationDate } = await twoAddedOnDay10();
    const failed = await shop.deliver('invoice.payment_failed', {
      id: `in_failed_${orderId}`,
      object: 'invoice',
      billing_reason: 'subscription_update',
      parent: { type: 'subscription_details', subscription_details: { subscription } },
      lines: { object: 'list', data: [] },
    });
    expect(failed.json().result).toBe('queued');
    expect((await order(orderId)).subscriptionStatus).toBe('past_due');

    // No metadata copied: the panels are counted from the proration lines.
    await shop.deliver(
      'invoice.paid',
      prorationInvoice(`in_failed_${orderId}`, subscription, prorationDate, end, {}),
    );
    const after = await order(orderId);
    expect(after.subscriptionStatus).toBe('active');
    expect(after.currentPeriodEnd?.getTime()).toBe(end.getTime());
    expect((await paymentsOf(orderId)).at(-1)).toMatchObject({ amountCents: 40_000, panelCount: 2 });
  });
});
