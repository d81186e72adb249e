import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { customerSeries } from '../../testing/accounts';
import { auditEntries } from '../../testing/audit';
import { paidCardOrder } from '../../testing/checkout';
import { panelsOfOrder } from '../../testing/inventory';
import { manualRenewalShopForSuite, paidBankOrder } from '../../testing/manual-renewal-shop';
import { orderRow } from '../../testing/orders';
import { TestClient } from '../../testing/test-app';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * The manual renewal cycle (D8): nobody charges a bank transfer or crypto subscription, so it
 * is invoiced 7 days before its period ends, an admin records the renewal when the money
 * arrives (a new invoice, the period a month longer), and without a payment it goes past due
 * and then expires like any other. Time is the app's clock, moved by the test.
 */

const database = TEST_DATABASE_NAME;
let clock = new Date('2026-03-01T12:00:00Z');
const shop = manualRenewalShopForSuite(20, () => clock);

const newCustomer = customerSeries(() => shop.t.app, 'renew');
/** A bank transfer order an admin marked paid at `clock`: its period runs a month from then. */
const bankOrder = () => paidBankOrder(shop, newCustomer);

const order = (id: number) => orderRow(shop.t.database.db, id);
const subjectsTo = async (email: string) => {
  await shop.t.drainOutbox();
  return shop.t.mailer.sent.filter((m) => m.to === email).map((m) => m.subject);
};
const record = (orderId: number, body: Record<string, unknown>) =>
  shop.admin.post(`/api/admin/orders/${orderId}/record-renewal`, body);

describe(`manual renewals on ${database}`, () => {
  it('invoice 7 days ahead, renew when an admin records the payment, and invoice the next period', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, email, orderId } = await bankOrder();
    expect((await order(orderId)).currentPeriodEnd?.toISOString()).toBe('2026-04-01T12:00:00.000Z');
    const invoice = 'Renewal invoice for order';

    clock = new Date('2026-03-25T11:59:00Z');
    await shop.runner.run();
    expect((await subjectsTo(email)).filter((s) => s.startsWith(invoice))).toEqual([]);

    clock = new Date('2026-03-25T12:00:00Z');
    await shop.runner.run();
    await shop.runner.run();
    const first = `${invoice} ${orderId}: $500 due 2026-04-01`;
    expect((await subjectsTo(email)).filter((s) => s.startsWith(invoice))).toEqual([first]);
    const text = shop.t.mailer.lastTo(email)?.text ?? '';
    for (const fact of [
      'costs $500 (USD), due by 2026-04-01',
      `Reference: order ${orderId}`,
      'Account name: Panel Shop LLC',
      'IBAN / account number: DE89 3704 0044 0532 0130 00',
      `/checkout/manual/${orderId}`,
    ]) {
      expect(text, fact).toContain(fact);
    }
    // The instructions page shows the renewal as due, with the details.
    expect((await c.get(`/api/orders/${orderId}/payment-instructions`)).json()).toMatchObject({
      status: 'completed',
      due: { kind: 'renewal', amountCents: 50_000, dueAt: '2026-04-01T12:00:00.000Z' },
      bank: { accountName: 'Panel Shop LLC' },
      cancelable: false,
    });

    clock = new Date('2026-03-28T09:00:00Z');
    const body = {
      amountCents: 50_000,
      reference: 'SEPA 2026-03-28 #4411',
      forPeriodEnd: '2026-04-01T12:00:00.000Z',
    };
    const recorded = await record(orderId, body);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({ recorded: true, periodEnd: '2026-05-01T12:00:00.000Z' });
    const label = recorded.json().invoice as string;
    expect(label).toMatch(/^INV-\d{4,}$/);
    // A second click on the same renewal records nothing.
    expect((await record(orderId, body)).json()).toMatchObject({ recorded: false, invoice: label });

    const rows = await shop.t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(2);
    expect(rows.find((p) => p.providerChargeId !== `manual_${orderId}`)).toMatchObject({
      amountCents: 50_000,
      method: 'bank_transfer',
      provider: 'manual',
      status: 'completed',
      providerChargeId: `manual_renewal_${orderId}_2026-04-01T12:00:00.000Z`,
    });
    const [audit] = await auditEntries(shop.t.database.db, 'order.renewal_recorded', orderId);
    expect(audit?.details).toMatchObject({ amountCents: 50_000, reference: 'SEPA 2026-03-28 #4411' });
    expect(await subjectsTo(email)).toContain(`Renewal received: order ${orderId}`);

    // /billing lists the renewal with its own invoice number and PDF.
    const billing = (await c.get('/api/me/billing')).json();
    const renewal = billing.history.find((h: { invoice: string }) => h.invoice === label);
    expect(renewal).toMatchObject({
      orderId,
      amountCents: 50_000,
      status: 'completed',
      method: 'bank_transfer',
    });
    expect(billing.history.filter((h: { orderId: number }) => h.orderId === orderId)).toHaveLength(2);
    const pdf = await c.get(`/api/me/invoices/${renewal.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`${label}.pdf`);
    expect(billing.subscriptions.find((s: { orderId: number }) => s.orderId === orderId)).toMatchObject({
      subscriptionStatus: 'active',
      currentPeriodEnd: '2026-05-01T12:00:00.000Z',
    });

    // The old period end passes without a past-due; nothing is due until the next invoice.
    clock = new Date('2026-04-01T12:00:00Z');
    await shop.runner.run();
    expect((await order(orderId)).subscriptionStatus).toBe('active');
    expect((await c.get(`/api/orders/${orderId}/payment-instructions`)).json().due).toBeNull();

    clock = new Date('2026-04-24T12:00:00Z');
    await shop.runner.run();
    expect((await subjectsTo(email)).filter((s) => s.startsWith(invoice))).toEqual([
      first,
      `${invoice} ${orderId}: $500 due 2026-05-01`,
    ]);
  });

  it('without a payment: past due at the period end, expired after the grace period', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { c, email, orderId } = await bankOrder();
    clock = new Date('2026-04-01T12:00:00Z');
    await shop.runner.run();
    expect((await order(orderId)).subscriptionStatus).toBe('past_due');
    expect(await subjectsTo(email)).toContain(`Renewal due today for order ${orderId}`);
    // Still payable during the grace period, by its end.
    expect((await c.get(`/api/orders/${orderId}/payment-instructions`)).json().due).toMatchObject({
      kind: 'renewal',
      dueAt: '2026-04-04T12:00:00.000Z',
    });

    clock = new Date('2026-04-04T12:00:00Z');
    await shop.runner.run();
    expect((await order(orderId)).subscriptionStatus).toBe('expired');
    expect(await panelsOfOrder(shop.t.database.db, orderId, 'retired')).toHaveLength(1);
    expect(await subjectsTo(email)).toContain(`Subscription ended: order ${orderId}`);
    const late = await record(orderId, { amountCents: 50_000, forPeriodEnd: '2026-04-01T12:00:00.000Z' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('subscription_ended');
  });

  it('recorded inside the grace period, brings a past-due subscription back from where it ended', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const { orderId } = await bankOrder();
    clock = new Date('2026-04-01T12:00:00Z');
    await shop.runner.run();
    expect((await order(orderId)).subscriptionStatus).toBe('past_due');

    clock = new Date('2026-04-03T08:00:00Z');
    // The admin's view must be the order's: a stale period is refused, not recorded twice.
    const stale = await record(orderId, { amountCents: 50_000, forPeriodEnd: '2026-03-01T12:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('period_changed');
    const res = await record(orderId, { amountCents: 45_000, forPeriodEnd: '2026-04-01T12:00:00.000Z' });
    expect(res.json()).toMatchObject({ recorded: true, periodEnd: '2026-05-01T12:00:00.000Z' });
    expect(await order(orderId)).toMatchObject({ subscriptionStatus: 'active' });
    expect((await order(orderId)).currentPeriodStart?.toISOString()).toBe('2026-04-01T12:00:00.000Z');

    clock = new Date('2026-04-04T12:00:00Z');
    await shop.runner.run();
    expect((await order(orderId)).subscriptionStatus).toBe('active');
  });

  it('is refused for card orders and bad amounts', async () => {
    clock = new Date('2026-03-01T12:00:00Z');
    const c = new TestClient(shop.t.app);
    await c.signUp('Card', 'card-renew@example.com', 'password-1');
    await c.signIn('card-renew@example.com', 'password-1');
    const orderId = await paidCardOrder(c);
    const end = (await order(orderId)).currentPeriodEnd?.toISOString();
    const card = await record(orderId, { amountCents: 50_000, forPeriodEnd: end });
    expect(card.statusCode).toBe(409);
    expect(card.json().error.code).toBe('not_manual');
    for (const amountCents of [0, -5, 12.5, '500']) {
      expect((await record(orderId, { amountCents, forPeriodEnd: end })).statusCode).toBe(400);
    }
    expect((await c.post(`/api/admin/orders/${orderId}/record-renewal`, {})).statusCode).toBe(403);
  });
});
