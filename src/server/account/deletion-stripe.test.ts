import type { ServerResponse } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, panels, payments } from '../db/schema';
import { createStripeClient } from '../payments/stripe/client';
import { createStripeProvider } from '../payments/stripe/provider';
import { fillWaitingOrders } from '../provisioning/fulfillment';
import { signedUpClient } from '../testing/accounts';
import { addStock } from '../testing/inventory';
import {
  deliverStripeEvent,
  paidSession,
  STRIPE_SECRET_KEY,
  type StandInRequest,
  type StripeStandIn,
  startCardCheckout,
  startStripeStandIn,
  stripeError,
} from '../testing/stripe-stand-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { sweepDeletedAccountOrders } from './deleted-orders-sweep';

/*
 * The Stripe stand-in (testing/stripe-stand-in.ts), here also answering the subscription,
 * invoice and refund endpoints that deletion uses.
 */
const canceledSubscriptions = new Set<string>();
const refunds: { paymentIntent: string | null; amount: number }[] = [];
const refuse = { cancel: false, refund: false };
let stripe: StripeStandIn;
let calls: string[];
let sessions: Map<string, Record<string, unknown>>;
let stripeProvider: ReturnType<typeof createStripeProvider>;
let t: TestApp;

function deletionEndpoints({ method, path, body }: StandInRequest, res: ServerResponse): boolean {
  const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(path)?.[1];
  if (subscription && method === 'GET') {
    const status = canceledSubscriptions.has(subscription) ? 'canceled' : 'active';
    res.end(JSON.stringify({ id: subscription, object: 'subscription', status }));
    return true;
  }
  if (subscription && method === 'DELETE') {
    if (refuse.cancel) return stripeError(res, 500, 'Stripe is having a bad day.');
    canceledSubscriptions.add(subscription);
    res.end(JSON.stringify({ id: subscription, object: 'subscription', status: 'canceled' }));
    return true;
  }
  const invoice = /^\/v1\/invoices\/(\w+)$/.exec(path)?.[1];
  if (invoice && method === 'GET') {
    res.end(
      JSON.stringify({
        id: invoice,
        object: 'invoice',
        payments: {
          object: 'list',
          data: [
            {
              object: 'invoice_payment',
              payment: { type: 'payment_intent', payment_intent: `pi_${invoice}` },
            },
          ],
        },
      }),
    );
    return true;
  }
  if (method === 'POST' && path === '/v1/refunds') {
    if (refuse.refund) return stripeError(res, 500, 'Stripe is having a bad day.');
    const form = new URLSearchParams(body);
    const refund = { paymentIntent: form.get('payment_intent'), amount: Number(form.get('amount')) };
    refunds.push(refund);
    res.end(JSON.stringify({ id: `re_${refunds.length}`, object: 'refund', status: 'succeeded', ...refund }));
    return true;
  }
  return false;
}

beforeAll(async () => {
  stripe = await startStripeStandIn({ sessionPrefix: 'cs_del_', routes: deletionEndpoints });
  ({ calls, sessions } = stripe);
  stripeProvider = createStripeProvider(
    await createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiUrl: stripe.apiUrl }),
    'http://localhost:3000',
  );
  t = await createTestApp(stripe.config);
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
  await stripe.close();
});

const deliver = (type: string, object: Record<string, unknown>) => deliverStripeEvent(t.app, type, object);

let n = 0;
/** A signed-in customer who bought the pro plan with 3 add-ons (8 panels, $2,900) by card. */
async function paidCustomer() {
  const email = `deleting${++n}@example.com`;
  const c = await signedUpClient(t.app, 'Leaving Customer', email);
  const { orderId, sessionId } = await startCardCheckout(c);
  const paid = await deliver(
    'checkout.session.completed',
    paidSession(sessions, sessionId, { invoice: `in_${sessionId}` }),
  );
  expect(paid.statusCode).toBe(200);
  return { c, email, orderId, subscriptionId: `sub_${sessionId}`, invoiceId: `in_${sessionId}` };
}

const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (orderId: number) =>
  t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const panelsOf = (orderId: number) => t.database.db.select().from(panels).where(eq(panels.orderId, orderId));
const auditActions = async (orderId: number) =>
  (
    await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(orderId))))
  ).map((r) => r.action);
/** No stock left for the next order, so it waits. */
const emptyStock = () =>
  t.database.db.update(panels).set({ status: 'retired' }).where(eq(panels.status, 'available'));

function stripeProviderFor(name: string) {
  return name === 'stripe' ? stripeProvider : null;
}

describe('deleting an account that pays through Stripe', () => {
  it('cancels its live subscription at Stripe at once, and refunds nothing for delivered panels', async () => {
    await emptyStock();
    await addStock(t.database.db, 8);
    const { c, email, orderId, subscriptionId, invoiceId } = await paidCustomer();
    expect((await orderRow(orderId)).status).toBe('completed');

    expect((await c.post('/api/me/delete', { confirmEmail: email })).statusCode).toBe(204);

    expect(calls).toContain(`DELETE /v1/subscriptions/${subscriptionId}`);
    expect(canceledSubscriptions.has(subscriptionId)).toBe(true);
    expect(calls).not.toContain(`GET /v1/invoices/${invoiceId}`);
    expect(await orderRow(orderId)).toMatchObject({
      userId: null,
      status: 'completed',
      subscriptionStatus: 'expired',
    });
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['completed']);
    expect((await panelsOf(orderId)).every((p) => p.status === 'retired')).toBe(true);
    expect(await auditActions(orderId)).toContain('subscription.provider_canceled');
    await t.drainOutbox();
    const mail = t.mailer.lastTo(email);
    expect(mail?.subject).toBe('Your account has been deleted');
    expect(mail?.text).toContain(
      `The subscription of order ${orderId} has ended and will not be charged again.`,
    );
  });

  it('cancels and refunds a paid order still waiting for stock, and a restock passes it by', async () => {
    await emptyStock();
    await addStock(t.database.db, 3);
    const { c, email, orderId, subscriptionId, invoiceId } = await paidCustomer();
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid' });
    expect(await panelsOf(orderId)).toHaveLength(3);

    expect((await c.post('/api/me/delete', { confirmEmail: email })).statusCode).toBe(204);

    expect(calls).toContain(`DELETE /v1/subscriptions/${subscriptionId}`);
    expect(refunds).toContainEqual({ paymentIntent: `pi_${invoiceId}`, amount: 290_000 });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ userId: null, status: 'refunded', subscriptionStatus: 'expired' });
    expect(order.refundedAt).not.toBeNull();
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['refunded']);
    const delivered = await panelsOf(orderId);
    expect(delivered.map((p) => p.status)).toEqual(['retired', 'retired', 'retired']);

    await addStock(t.database.db, 10);
    const filled = await fillWaitingOrders(t.database.db);
    expect(filled.map((f) => f.orderId)).not.toContain(orderId);
    expect(await panelsOf(orderId)).toHaveLength(3);

    await t.drainOutbox();
    const mail = t.mailer.lastTo(email);
    expect(mail?.text).toContain(
      `Order ${orderId} was still waiting for panels, so we canceled it and refunded $2,900.`,
    );
  });

  it('logs and marks what Stripe refused, and the sweep finishes the cancel and the refund', async () => {
    await emptyStock();
    const { c, email, orderId, subscriptionId, invoiceId } = await paidCustomer();
    refuse.cancel = true;
    refuse.refund = true;
    try {
      expect((await c.post('/api/me/delete', { confirmEmail: email })).statusCode).toBe(204);
      // Claimed in our records, money not moved yet: the markers the sweep works from.
      expect(await orderRow(orderId)).toMatchObject({
        userId: null,
        status: 'canceled',
        subscriptionStatus: 'canceled',
      });
      expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['completed']);
      expect(await auditActions(orderId)).toEqual(
        expect.arrayContaining([
          'order.canceled',
          'subscription.provider_cancel_failed',
          'refund.provider_failed',
        ]),
      );
      await t.drainOutbox();
      const mail = t.mailer.lastTo(email);
      expect(mail?.text).toContain(
        `Our payment provider has not yet confirmed the end of the subscription of order ${orderId}`,
      );
      expect(mail?.text).toContain(
        'The refund of $2,900 has not gone through yet; we keep trying automatically.',
      );

      const errors: { orderId?: number }[] = [];
      const log = { error: (obj: { orderId?: number }) => errors.push(obj) };
      const deps = { db: t.database.db, providerFor: stripeProviderFor, log, now: () => new Date() };
      const stillRefused = await sweepDeletedAccountOrders(deps);
      expect(stillRefused.filter((s) => s.orderId === orderId)).toEqual([
        { orderId, step: 'cancel', done: false },
        { orderId, step: 'refund', done: false },
      ]);
      expect(errors.filter((e) => e.orderId === orderId)).toHaveLength(2);

      refuse.cancel = false;
      refuse.refund = false;
      const finished = await sweepDeletedAccountOrders(deps);
      expect(finished.filter((s) => s.orderId === orderId)).toEqual([
        { orderId, step: 'cancel', done: true },
        { orderId, step: 'refund', done: true },
      ]);
      expect(canceledSubscriptions.has(subscriptionId)).toBe(true);
      expect(refunds).toContainEqual({ paymentIntent: `pi_${invoiceId}`, amount: 290_000 });
      expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', subscriptionStatus: 'expired' });
      expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['refunded']);
      // Done: the next round leaves it alone.
      expect((await sweepDeletedAccountOrders(deps)).filter((s) => s.orderId === orderId)).toEqual([]);
    } finally {
      refuse.cancel = false;
      refuse.refund = false;
    }
  });

  it('the sweep also ends the Stripe subscription of an account deleted before deletion told Stripe', async () => {
    const [legacy] = await t.database.db
      .insert(orders)
      .values({
        userId: null,
        planId: 'basic',
        quantity: 1,
        totalCents: 50_000,
        status: 'completed',
        paymentMethod: 'card',
        provider: 'stripe',
        providerSubscriptionId: 'sub_legacy',
        subscriptionStatus: 'canceled',
      })
      .returning();
    const deps = {
      db: t.database.db,
      providerFor: stripeProviderFor,
      log: { error: () => {} },
      now: () => new Date(),
    };
    const steps = await sweepDeletedAccountOrders(deps);
    expect(steps).toContainEqual({ orderId: legacy!.id, step: 'cancel', done: true });
    expect(calls).toContain('DELETE /v1/subscriptions/sub_legacy');
    expect((await orderRow(legacy!.id)).subscriptionStatus).toBe('expired');
  });
});
