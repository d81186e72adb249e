import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDeletion } from '../account/deletion-claim';
import { orderDetail } from '../admin/orders/detail';
import { customerInvoice } from '../billing/invoices/invoice';
import { subscriptionsOf } from '../billing/queries';
import { applyProviderRefundTx } from '../billing/refunds/provider-refund';
import { invoiceRenewals } from '../billing/subscriptions/enqueue-renewal-invoices';
import { createManualRenewals } from '../billing/subscriptions/record-renewal';
import { expireOrderTx, runSubscriptionSweep } from '../billing/subscriptions/subscriptions';
import { accountCredits, orders, outboxMessages, payments } from '../db/schema';
import { paymentInstructions } from '../orders/payment-instructions';
import { apologizeForLateOrders } from '../provisioning/late-delivery';
import { auditEntries } from '../testing/audit';
import { insertCustomer, insertOrder } from '../testing/orders';
import { pdfText } from '../testing/pdf-text';
import { balanceTransactions, type StripeStandIn, startStripeStandIn } from '../testing/stripe-stand-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig } from '../testing/test-config';
import { applyCreditTx } from './apply';

/*
 * The late-delivery credit (docs/product.md §10): granted with the apology's mark when
 * LATE_DELIVERY_CREDIT_PERCENT is above 0, spent once on the order's next renewal by its
 * provider. The app runs against the Stripe stand-in, so its outbox sends Stripe credits.
 */

const database = TEST_DATABASE_NAME;
const NOW = new Date('2026-11-20T12:00:00Z');
const HOUR = 3_600_000;
const BANK = { BANK_ACCOUNT_NAME: 'Panel Shop LLC', BANK_ACCOUNT_NUMBER: 'DE89 3704 0044 0532 0130 00' };
const none = testConfig(BANK);
const quarter = testConfig({ ...BANK, LATE_DELIVERY_CREDIT_PERCENT: '25' });

let t: TestApp;
let stripe: StripeStandIn;
const balance = balanceTransactions();
let customer: { id: string; email: string; workspaceId: string };

beforeAll(async () => {
  stripe = await startStripeStandIn({ sessionPrefix: 'cs_credit_', routes: balance.route });
  t = await createTestApp(stripe.config);
  customer = await insertCustomer(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/**
 * A live subscription paid 7 hours before NOW and still waiting for panels (so late), whose
 * period ends `periodEnds` after NOW. $333.33 a month, so 25% rounds down to $83.33.
 */
async function lateOrder(
  provider: 'sandbox' | 'manual' | 'stripe',
  periodEnds = 30 * 24 * HOUR,
  userId = customer.id,
) {
  const paidAt = new Date(NOW.getTime() - 7 * HOUR);
  const order = await insertOrder(t.database.db, {
    userId,
    totalCents: 33_333,
    planPriceCents: 33_333,
    paymentMethod: provider === 'manual' ? 'bank_transfer' : 'card',
    provider,
    providerCustomerId: provider === 'stripe' ? 'cus_credit1' : null,
    status: 'paid',
    subscriptionStatus: 'active',
    paidAt,
    currentPeriodStart: paidAt,
    currentPeriodEnd: new Date(NOW.getTime() + periodEnds),
  });
  return order.id;
}

const creditsOf = (orderId: number) =>
  t.database.db.select().from(accountCredits).where(eq(accountCredits.orderId, orderId));
const mailAbout = (orderId: number) =>
  t.mailer.sent.find((m) => m.to === customer.email && m.subject.startsWith(`Order ${orderId} `));
const audits = (action: string, orderId: number) => auditEntries(t.database.db, action, orderId);

describe(`the late-delivery credit (${database})`, () => {
  it('is not granted at 0 percent: the apology alone', async () => {
    const orderId = await lateOrder('sandbox');
    expect(await apologizeForLateOrders(t.database.db, none, NOW)).toContain(orderId);
    expect(await creditsOf(orderId)).toEqual([]);
    await t.drainOutbox();
    expect(mailAbout(orderId)?.text).not.toContain('credited');
  });

  it('grants 25% of the next renewal once, however many sweeps run at once, and says so', async () => {
    const orderId = await lateOrder('sandbox');
    const [a, b] = await Promise.all([
      apologizeForLateOrders(t.database.db, quarter, NOW),
      apologizeForLateOrders(t.database.db, quarter, NOW),
    ]);
    expect([...a, ...b].filter((id) => id === orderId)).toHaveLength(1);
    const credits = await creditsOf(orderId);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      amountCents: 8_333,
      percent: 25,
      status: 'pending',
      userId: customer.id,
    });
    expect(await audits('credit.granted', orderId)).toHaveLength(1);
    await t.drainOutbox();
    expect(mailAbout(orderId)?.text).toContain('We have credited 25% ($83.33) to your next renewal.');
    // The billing page shows it on the subscription until the renewal spends it.
    const [sub] = (await subscriptionsOf(t.database.db, customer.workspaceId, NOW)).filter(
      (s) => s.orderId === orderId,
    );
    expect(sub?.pendingCreditCents).toBe(8_333);
  });

  it('lowers the next sandbox renewal by the credit, once, and the invoice lists it', async () => {
    const orderId = await lateOrder('sandbox', HOUR);
    await apologizeForLateOrders(t.database.db, quarter, NOW);
    // Two months pass unswept: the first renewal is lowered, the second is the full price.
    const later = new Date(NOW.getTime() + 32 * 24 * HOUR);
    const [x, y] = await Promise.all([
      runSubscriptionSweep(t.database.db, later),
      runSubscriptionSweep(t.database.db, later),
    ]);
    expect([...x, ...y].find((c) => c.orderId === orderId)).toMatchObject({
      kind: 'renewed',
      amountCents: 25_000,
    });
    const charged = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(payments.periodStart);
    expect(charged.map((p) => p.amountCents)).toEqual([25_000, 33_333]);
    const [credit] = await creditsOf(orderId);
    expect(credit).toMatchObject({ status: 'applied', appliedPaymentId: charged[0]?.id });
    expect(await audits('credit.applied', orderId)).toHaveLength(1);
    const [sub] = (await subscriptionsOf(t.database.db, customer.workspaceId, later)).filter(
      (s) => s.orderId === orderId,
    );
    expect(sub?.pendingCreditCents).toBe(0);

    const { pdf } = await customerInvoice(
      { db: t.database.db, config: quarter },
      customer.workspaceId,
      charged[0]!.id,
    );
    const text = pdfText(pdf);
    expect(text).toContain('Late-delivery credit');
    expect(text).toContain('-$83.33');
    expect(text).toContain('$333.33');
    expect(text).toContain('$250');
  });

  it('shows on the manual renewal invoice and is spent by recording the renewal', async () => {
    const orderId = await lateOrder('manual', 5 * 24 * HOUR);
    await apologizeForLateOrders(t.database.db, quarter, NOW);
    expect(await invoiceRenewals(t.database.db, quarter, NOW)).toBeGreaterThan(0);
    await t.drainOutbox();
    const invoice = t.mailer.sent.find(
      (m) => m.to === customer.email && m.subject.startsWith(`Renewal invoice for order ${orderId}:`),
    );
    expect(invoice?.subject).toContain('$250 due');
    expect(invoice?.text).toContain('Late-delivery credit: -$83.33. Amount due after the credit: $250.');

    // The instructions page asks for the same amount.
    const instructions = await paymentInstructions(
      t.database.db,
      quarter,
      orderId,
      customer.workspaceId,
      NOW,
    );
    expect(instructions.due).toMatchObject({ kind: 'renewal', amountCents: 25_000 });

    // The admin recording it is told of the credit.
    expect((await orderDetail(t.database.db, orderId)).pendingCreditCents).toBe(8_333);

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const renewals = createManualRenewals({
      config: quarter,
      db: t.database.db,
      outbox: { kick() {} },
      now: () => NOW,
    });
    const admin = { id: customer.id, email: 'admin@example.com', ip: null };
    const input = { amountCents: 25_000, reference: 'SEPA 1', forPeriodEnd: order!.currentPeriodEnd! };
    expect(await renewals.record(orderId, input, admin)).toMatchObject({ recorded: true });
    expect(await renewals.record(orderId, input, admin)).toMatchObject({ recorded: false });
    const [credit] = await creditsOf(orderId);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'manual')));
    expect(credit).toMatchObject({ status: 'applied', appliedPaymentId: payment?.id });
    expect(await audits('credit.applied', orderId)).toHaveLength(1);
    expect((await orderDetail(t.database.db, orderId)).pendingCreditCents).toBe(0);
  });

  it('reaches Stripe as one balance transaction, even when the first attempt fails', async () => {
    const orderId = await lateOrder('stripe');
    balance.failNext = 1;
    await apologizeForLateOrders(t.database.db, quarter, NOW);
    const [granted] = await creditsOf(orderId);
    expect(granted?.status).toBe('pending');
    await t.drainOutbox();
    expect(balance.created).toHaveLength(0);
    expect((await creditsOf(orderId))[0]?.status).toBe('pending');

    // The retry is due (moved to now rather than waiting the backoff).
    await t.database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(outboxMessages.kind, 'stripe_credit'), eq(outboxMessages.status, 'pending')));
    await t.drainOutbox();
    expect(balance.created).toEqual([
      {
        customer: 'cus_credit1',
        amount: -8_333,
        currency: 'usd',
        description: `Late-delivery credit for order ${orderId}`,
        key: `late-delivery-credit-${granted!.id}`,
      },
    ]);
    const [credit] = await creditsOf(orderId);
    expect(credit).toMatchObject({ status: 'applied', providerReference: 'cbtxn_1', appliedPaymentId: null });
    expect(await audits('credit.applied', orderId)).toHaveLength(1);

    // The same row sent again (a crash before its mark): Stripe sees the same key, nothing moves.
    await t.database.db
      .insert(outboxMessages)
      .values({ kind: 'stripe_credit', payload: { creditId: granted!.id } });
    await t.drainOutbox();
    expect(balance.created).toHaveLength(1);
    expect(await audits('credit.applied', orderId)).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.kind, 'stripe_credit'), eq(outboxMessages.status, 'pending'))),
    ).toEqual([]);
  });

  it('lapses when its subscription ends before the renewal: expiry, refund, account deletion', async () => {
    const orderId = await lateOrder('sandbox', HOUR);
    await apologizeForLateOrders(t.database.db, quarter, NOW);
    await t.database.db.update(orders).set({ cancelAtPeriodEnd: true }).where(eq(orders.id, orderId));
    const changes = await runSubscriptionSweep(t.database.db, new Date(NOW.getTime() + 2 * HOUR));
    expect(changes.find((c) => c.orderId === orderId)?.kind).toBe('expired');
    expect((await creditsOf(orderId))[0]?.status).toBe('lapsed');
    expect(await audits('credit.lapsed', orderId)).toHaveLength(1);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);

    const refundedOrder = await lateOrder('sandbox');
    await apologizeForLateOrders(t.database.db, quarter, NOW);
    await t.database.db.insert(payments).values({
      orderId: refundedOrder,
      userId: customer.id,
      amountCents: 33_333,
      method: 'card',
      provider: 'sandbox',
      providerChargeId: `ch_lapse_${refundedOrder}`,
      status: 'completed',
    });
    await t.database.db.transaction((tx) =>
      applyProviderRefundTx(tx, {
        provider: 'sandbox',
        chargeId: `ch_lapse_${refundedOrder}`,
        fullyRefunded: true,
        amountRefundedCents: 33_333,
        now: NOW,
      }),
    );
    expect((await creditsOf(refundedOrder))[0]?.status).toBe('lapsed');

    const leaving = await insertCustomer(t.database.db);
    const leavingOrder = await lateOrder('sandbox', 30 * 24 * HOUR, leaving.id);
    await apologizeForLateOrders(t.database.db, quarter, NOW);
    await claimDeletion(t.database.db, () => null, leaving, NOW, null);
    expect((await creditsOf(leavingOrder))[0]?.status).toBe('lapsed');
    expect(await audits('credit.lapsed', leavingOrder)).toHaveLength(1);
  });

  it('is never sent to Stripe once it lapsed, and counts as spent if it reached Stripe first', async () => {
    const orderId = await lateOrder('stripe');
    await apologizeForLateOrders(t.database.db, quarter, NOW);
    const [credit] = await creditsOf(orderId);
    const sent = balance.created.length;
    await t.database.db.transaction((tx) => expireOrderTx(tx, orderId, NOW));
    await t.drainOutbox();
    expect(balance.created).toHaveLength(sent);
    expect((await creditsOf(orderId))[0]?.status).toBe('lapsed');

    // A balance transaction that was already on its way when the subscription ended.
    const applied = await t.database.db.transaction((tx) =>
      applyCreditTx(tx, credit!.id, { providerReference: 'cbtxn_late' }, NOW),
    );
    expect(applied).toBe(true);
    expect((await creditsOf(orderId))[0]).toMatchObject({
      status: 'applied',
      providerReference: 'cbtxn_late',
    });
  });
});
