import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema';
import { customerSeries } from '../../testing/accounts';
import { auditEntries } from '../../testing/audit';
import { paidCardOrder } from '../../testing/checkout';
import { panelsOfOrder } from '../../testing/inventory';
import { manualRenewalShopForSuite, paidBankOrder } from '../../testing/manual-renewal-shop';
import { orderRow } from '../../testing/orders';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * Dunning (D8, docs/decisions/0019-dunning.md) through the subscription runner on the test's
 * clock: a sandbox card renewal that declines is past due and retried on days 1, 2 and 3; a
 * bank transfer renewal is invoiced 7 days ahead and reminded on the day and 2 days after;
 * each unpaid one expires when the grace period ends. Every round runs twice where a step
 * could be taken twice: each is taken once.
 */

const database = TEST_DATABASE_NAME;
/** Every case starts on this day, a month before its first renewal. */
const START = '2026-03-01T12:00:00Z';
let clock = new Date(START);
const shop = manualRenewalShopForSuite(20, () => clock);
const newCustomer = customerSeries(() => shop.t.app, 'dun');

const order = (id: number) => orderRow(shop.t.database.db, id);
const subjectsTo = async (email: string) => {
  await shop.t.drainOutbox();
  return shop.t.mailer.sent.filter((m) => m.to === email).map((m) => m.subject);
};
const at = async (iso: string) => {
  clock = new Date(iso);
  await shop.runner.run();
  await shop.runner.run();
};
const actions = async (orderId: number) => {
  const names = [
    'dunning.renewal_declined',
    'dunning.retry_declined',
    'dunning.retry_charged',
    'dunning.reminder_sent',
    'dunning.expired',
  ];
  const found = await Promise.all(names.map((a) => auditEntries(shop.t.database.db, a, orderId)));
  return found.flat().map((e) => e.action);
};

/** A sandbox card order paid at `clock`, whose card declines its next `declines` charges. */
async function cardOrder(declines: number) {
  const { c, email } = await newCustomer();
  const orderId = await paidCardOrder(c);
  // The failing test card (the sandbox's seam for declines, as Stripe's test cards are).
  await shop.t.database.db
    .update(orders)
    .set({ sandboxCardDeclines: declines })
    .where(eq(orders.id, orderId));
  return { c, email, orderId };
}

const bankOrder = () => paidBankOrder(shop, newCustomer);

describe(`dunning on ${database}`, () => {
  beforeEach(() => {
    clock = new Date(START);
  });

  it('lists the past due for the customer and the admin with the next step, and pays now from the banner', async () => {
    const card = await cardOrder(3);
    const bank = await bankOrder();
    await at('2026-04-01T12:00:00Z');
    await at('2026-04-02T12:00:00Z');

    const mine = (await card.c.get('/api/me/past-due')).json();
    expect(mine.subscriptions).toEqual([
      {
        orderId: card.orderId,
        method: 'card',
        provider: 'sandbox',
        amountCents: 50_000,
        since: '2026-04-01T12:00:00.000Z',
        expiresAt: '2026-04-04T12:00:00.000Z',
        next: { kind: 'retry', attempt: 2, of: 3, at: '2026-04-03T12:00:00.000Z' },
        payNow: 'charge',
        updateMethod: 'payment_methods',
      },
    ]);
    const listed = (await shop.admin.get('/api/admin/past-due')).json();
    const ours = listed.items.filter((i: { orderId: number }) =>
      [card.orderId, bank.orderId].includes(i.orderId),
    );
    expect(ours).toMatchObject([
      { orderId: card.orderId, next: { kind: 'retry', attempt: 2 } },
      {
        orderId: bank.orderId,
        next: { kind: 'reminder', at: '2026-04-03T12:00:00.000Z' },
        payNow: 'instructions',
      },
    ]);
    expect(ours[1].customerEmail).toBe(bank.email);

    // Pay now: the card declines once more, then is charged; the bank renewal leads to its instructions.
    const declined = await card.c.post(`/api/me/subscriptions/${card.orderId}/pay-now`);
    expect(declined.json()).toEqual({ outcome: 'declined' });
    const paid = await card.c.post(`/api/me/subscriptions/${card.orderId}/pay-now`);
    expect(paid.json()).toEqual({ outcome: 'charged', periodEnd: '2026-05-01T12:00:00.000Z' });
    expect((await order(card.orderId)).subscriptionStatus).toBe('active');
    expect(await subjectsTo(card.email)).toContain(`Subscription renewed: order ${card.orderId}`);
    expect((await card.c.get('/api/me/past-due')).json()).toEqual({ subscriptions: [] });
    const again = await card.c.post(`/api/me/subscriptions/${card.orderId}/pay-now`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('not_past_due');
    expect((await bank.c.post(`/api/me/subscriptions/${bank.orderId}/pay-now`)).json()).toEqual({
      outcome: 'instructions',
      url: `/checkout/manual/${bank.orderId}`,
    });
    // Another customer's order is no order.
    expect((await card.c.post(`/api/me/subscriptions/${bank.orderId}/pay-now`)).statusCode).toBe(404);
    // The next round's retry finds nothing left to do.
    await at('2026-04-03T12:00:00Z');
    expect((await order(card.orderId)).subscriptionStatus).toBe('active');
  });

  it('a card renewal declined twice is charged on the second retry: the period runs on from where it ended', async () => {
    const { email, orderId } = await cardOrder(2);

    await at('2026-04-01T12:00:00Z');
    expect((await order(orderId)).subscriptionStatus).toBe('past_due');
    expect(await subjectsTo(email)).toContain(`Payment needed for order ${orderId}`);

    await at('2026-04-02T12:00:00Z');
    expect((await order(orderId)).subscriptionStatus).toBe('past_due');
    const declined = `Payment declined again for order ${orderId}`;
    expect((await subjectsTo(email)).filter((s) => s === declined)).toHaveLength(1);
    expect(shop.t.mailer.lastTo(email)?.text).toContain('We will try again on 2026-04-03');

    await at('2026-04-03T12:00:00Z');
    const renewed = await order(orderId);
    expect(renewed.subscriptionStatus).toBe('active');
    // Paying late in the grace period buys no free days.
    expect(renewed.currentPeriodStart?.toISOString()).toBe('2026-04-01T12:00:00.000Z');
    expect(renewed.currentPeriodEnd?.toISOString()).toBe('2026-05-01T12:00:00.000Z');
    const charged = await shop.t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'sandbox')));
    expect(charged.filter((p) => p.periodStart?.toISOString() === '2026-04-01T12:00:00.000Z')).toMatchObject([
      { amountCents: 50_000, status: 'completed', createdAt: new Date('2026-04-03T12:00:00Z') },
    ]);
    const subjects = await subjectsTo(email);
    expect(subjects).toContain(`Subscription renewed: order ${orderId}`);
    expect(subjects.filter((s) => s === declined)).toHaveLength(1);

    await at('2026-04-04T12:00:00Z');
    expect((await order(orderId)).subscriptionStatus).toBe('active');
    expect(await actions(orderId)).toEqual([
      'dunning.renewal_declined',
      'dunning.retry_declined',
      'dunning.retry_charged',
    ]);
  });

  it('a card that keeps declining is retried three times, then the subscription expires with the grace period', async () => {
    const { email, orderId } = await cardOrder(10);
    for (const day of ['01', '02', '03']) await at(`2026-04-${day}T12:00:00Z`);
    expect((await order(orderId)).subscriptionStatus).toBe('past_due');

    await at('2026-04-04T12:00:00Z');
    expect((await order(orderId)).subscriptionStatus).toBe('expired');
    expect(await panelsOfOrder(shop.t.database.db, orderId, 'retired')).toHaveLength(1);
    const subjects = await subjectsTo(email);
    expect(subjects.filter((s) => s === `Payment declined again for order ${orderId}`)).toHaveLength(3);
    expect(subjects).toContain(`Subscription ended: order ${orderId}`);
    expect((await order(orderId)).sandboxCardDeclines).toBe(6);
    expect(await actions(orderId)).toEqual([
      'dunning.renewal_declined',
      'dunning.retry_declined',
      'dunning.retry_declined',
      'dunning.retry_declined',
      'dunning.expired',
    ]);
  });

  it('a bank renewal: invoiced 7 days ahead, reminded on the day and 2 days after, expired unpaid', async () => {
    const { email, orderId } = await bankOrder();
    await at('2026-03-25T12:00:00Z');
    expect(await subjectsTo(email)).toContain(`Renewal invoice for order ${orderId}: $500 due 2026-04-01`);

    await at('2026-04-01T12:00:00Z');
    expect((await order(orderId)).subscriptionStatus).toBe('past_due');
    const today = `Renewal due today for order ${orderId}`;
    expect((await subjectsTo(email)).filter((s) => s === today)).toHaveLength(1);
    const text = shop.t.mailer.lastTo(email)?.text ?? '';
    for (const fact of [
      '$500',
      'active until 2026-04-04',
      `Reference: order ${orderId}`,
      'Account name: Panel Shop LLC',
      `/checkout/manual/${orderId}`,
    ]) {
      expect(text, fact).toContain(fact);
    }
    // The generic past-due e-mail is not sent beside the reminder.
    expect(await subjectsTo(email)).not.toContain(`Payment needed for order ${orderId}`);

    await at('2026-04-02T12:00:00Z');
    const later = `Reminder: the renewal of order ${orderId} is unpaid`;
    expect(await subjectsTo(email)).not.toContain(later);
    await at('2026-04-03T12:00:00Z');
    expect((await subjectsTo(email)).filter((s) => s === later)).toHaveLength(1);

    await at('2026-04-04T12:00:00Z');
    expect((await order(orderId)).subscriptionStatus).toBe('expired');
    expect(await subjectsTo(email)).toContain(`Subscription ended: order ${orderId}`);
    expect(await actions(orderId)).toEqual([
      'dunning.reminder_sent',
      'dunning.reminder_sent',
      'dunning.expired',
    ]);
  });

  it('a bank renewal recorded in the grace period renews it, and its later reminder is not sent', async () => {
    const { email, orderId } = await bankOrder();
    await at('2026-04-01T12:00:00Z');
    expect((await order(orderId)).subscriptionStatus).toBe('past_due');

    clock = new Date('2026-04-02T09:00:00Z');
    const recorded = await shop.admin.post(`/api/admin/orders/${orderId}/record-renewal`, {
      amountCents: 50_000,
      forPeriodEnd: '2026-04-01T12:00:00.000Z',
    });
    expect(recorded.json()).toMatchObject({ recorded: true, periodEnd: '2026-05-01T12:00:00.000Z' });

    await at('2026-04-03T12:00:00Z');
    await at('2026-04-04T12:00:00Z');
    expect((await order(orderId)).subscriptionStatus).toBe('active');
    const subjects = await subjectsTo(email);
    expect(subjects).toContain(`Renewal received: order ${orderId}`);
    expect(subjects).not.toContain(`Reminder: the renewal of order ${orderId} is unpaid`);
    expect(await actions(orderId)).toEqual(['dunning.reminder_sent']);
  });
});
