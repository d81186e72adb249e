import type { ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, panels, payments, refundRequests } from '../../db/schema';
import { signedInAccount, signedUpClient } from '../../testing/accounts';
import { stripeShopForSuite } from '../../testing/stripe-shop';
import {
  checkoutLines,
  paidSession,
  type StandInRequest,
  startCardCheckout,
} from '../../testing/stripe-stand-in';

/*
 * The Stripe stand-in (testing/stripe-stand-in.ts), here also answering, for refunds, the
 * invoice payments and subscriptions.
 */
/** Which invoice each payment intent paid, as Stripe's invoice payments answer it. */
const invoiceOfIntent = new Map<string, string>();
const subscriptionStatus = new Map<string, string>();
const canceledSubscriptions: string[] = [];
/** How the stand-in answers POST /v1/refunds, and the idempotency keys it was sent. */
let refundAnswer: { status: number; body: Record<string, unknown> } = {
  status: 200,
  body: { id: 're_1', object: 'refund' },
};
const refundKeys: string[] = [];

function refundEndpoints({ method, path, url, headers }: StandInRequest, res: ServerResponse): boolean {
  if (method === 'GET' && path === '/v1/invoice_payments') {
    const invoice = invoiceOfIntent.get(url.searchParams.get('payment[payment_intent]') ?? '');
    const data = invoice ? [{ id: `inpay_${invoice}`, object: 'invoice_payment', invoice }] : [];
    res.end(JSON.stringify({ object: 'list', data, has_more: false, url: path }));
    return true;
  }
  const invoice = /^\/v1\/invoices\/(\w+)$/.exec(path)?.[1];
  if (method === 'GET' && invoice) {
    const intent = [...invoiceOfIntent].find(([, inv]) => inv === invoice)?.[0] ?? null;
    const data = intent ? [{ payment: { type: 'payment_intent', payment_intent: intent } }] : [];
    res.end(JSON.stringify({ id: invoice, object: 'invoice', payments: { object: 'list', data } }));
    return true;
  }
  if (path === '/v1/refunds') {
    if (method === 'POST') {
      refundKeys.push(String(headers['idempotency-key']));
      res.statusCode = refundAnswer.status;
      res.end(JSON.stringify(refundAnswer.body));
    } else {
      res.end(JSON.stringify({ object: 'list', data: [{ id: 're_earlier', object: 'refund' }] }));
    }
    return true;
  }
  const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(path)?.[1];
  if (subscription && (method === 'GET' || method === 'DELETE')) {
    if (method === 'DELETE') {
      canceledSubscriptions.push(subscription);
      subscriptionStatus.set(subscription, 'canceled');
    }
    const status = subscriptionStatus.get(subscription) ?? 'active';
    res.end(JSON.stringify({ id: subscription, object: 'subscription', status, items: { data: [] } }));
    return true;
  }
  return false;
}

const shop = stripeShopForSuite({ sessionPrefix: 'cs_test_', routes: refundEndpoints, stock: 30 });

const invoice = (sessionId: string, invoiceId: string, start: number, end: number) => ({
  id: invoiceId,
  object: 'invoice',
  amount_paid: 290_000,
  period_start: start,
  period_end: end,
  parent: { type: 'subscription_details', subscription_details: { subscription: `sub_${sessionId}` } },
  lines: { object: 'list', data: [{ period: { start, end } }] },
});

let n = 0;
async function customer() {
  const email = `stripe${++n}@example.com`;
  const c = await signedUpClient(shop.t.app, 'Stripe Buyer', email);
  return c;
}

describe('Stripe checkout', () => {
  it('opens a subscription checkout with server prices as monthly line items', async () => {
    const c = await customer();
    const { url, orderId } = await startCardCheckout(c);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const form = shop.stripe.checkoutForms.at(-1)!;
    expect(form.get('mode')).toBe('subscription');
    // The plan's line counts its panels, each at a fifth of the plan's $2,000 (docs/decisions/0017).
    expect(checkoutLines(form)).toMatchObject([
      { quantity: '5', unitAmount: '40000', interval: 'month' },
      { quantity: '3', unitAmount: '30000', interval: 'month' },
    ]);
    expect(form.get('metadata[orderId]')).toBe(String(orderId));
    expect(form.get('success_url')).toBe(
      `http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}&order_id=${orderId}`,
    );
    expect(form.get('cancel_url')).toBe(`http://localhost:3000/payment-canceled?order_id=${orderId}`);
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const c = await customer();
    const { orderId, sessionId } = await startCardCheckout(c);
    const res = await shop.deliver(
      'checkout.session.completed',
      paidSession(shop.stripe.sessions, sessionId),
      {
        secret: 'whsec_wrong',
      },
    );
    expect(res.statusCode).toBe(400);
    const [order] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('pending_payment');
  });

  it('applies each event once and is safe out of order; renewals and failures follow', async () => {
    const c = await customer();
    const { orderId, sessionId } = await startCardCheckout(c);
    const now = Math.floor(Date.now() / 1000);
    const month = 30 * 24 * 3600;

    // The first invoice arrives before the checkout completion: taken and held, nothing paid
    // yet; the completion, once applied, makes it due again.
    const early = await shop.deliver(
      'invoice.paid',
      invoice(sessionId, `in_first_${sessionId}`, now, now + month),
    );
    expect(early.statusCode).toBe(200);
    expect(early.json().result).toBe('queued');
    expect(
      await shop.t.database.db.select().from(payments).where(eq(payments.orderId, orderId)),
    ).toHaveLength(0);

    const done = await shop.deliver(
      'checkout.session.completed',
      paidSession(shop.stripe.sessions, sessionId),
      {
        id: `evt_done_${sessionId}`,
      },
    );
    expect(done.json().result).toBe('queued');
    expect(
      (
        await shop.deliver('checkout.session.completed', paidSession(shop.stripe.sessions, sessionId), {
          id: `evt_done_${sessionId}`,
        })
      ).json().result,
    ).toBe('duplicate');
    // Redelivered first invoice: same charge, no second payment.
    expect(
      (await shop.deliver('invoice.paid', invoice(sessionId, `in_first_${sessionId}`, now, now + month)))
        .statusCode,
    ).toBe(200);
    let rows = await shop.t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 290_000, method: 'card', provider: 'stripe' });
    const [paid] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid).toMatchObject({
      status: 'completed',
      providerSubscriptionId: `sub_${sessionId}`,
      subscriptionStatus: 'active',
    });
    expect((await c.get('/api/me/panels')).json().panels).toHaveLength(8);

    // A failed renewal, then the renewal paid.
    await shop.deliver(
      'invoice.payment_failed',
      invoice(sessionId, `in_fail_${sessionId}`, now + month, now + 2 * month),
    );
    let [row] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.subscriptionStatus).toBe('past_due');
    await shop.deliver(
      'invoice.paid',
      invoice(sessionId, `in_second_${sessionId}`, now + month, now + 2 * month),
    );
    rows = await shop.t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(2);
    [row] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.subscriptionStatus).toBe('active');
    expect(row?.currentPeriodEnd?.getTime()).toBe((now + 2 * month) * 1000);

    await shop.deliver('customer.subscription.updated', {
      id: `sub_${sessionId}`,
      object: 'subscription',
      cancel_at_period_end: true,
      items: { object: 'list', data: [{ current_period_end: now + 2 * month }] },
    });
    [row] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.cancelAtPeriodEnd).toBe(true);
  });

  it('verification asks Stripe and confirms a paid session whose webhook has not arrived', async () => {
    const c = await customer();
    const { orderId, sessionId } = await startCardCheckout(c);
    expect((await c.post('/api/payments/verify', { sessionId, orderId })).json()).toEqual({ success: false });
    shop.stripe.sessions.set(sessionId, paidSession(shop.stripe.sessions, sessionId));
    expect((await c.post('/api/payments/verify', { sessionId, orderId })).json()).toEqual({ success: true });
    const [order] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('completed');
    // The webhook arriving later is harmless.
    await shop.deliver('checkout.session.completed', paidSession(shop.stripe.sessions, sessionId));
    expect(
      await shop.t.database.db.select().from(payments).where(eq(payments.orderId, orderId)),
    ).toHaveLength(1);
  });

  it("converges a refund made in Stripe's dashboard (charge.refunded): once, and only when whole", async () => {
    const c = await customer();
    const { orderId, sessionId } = await shop.payCheckout(c);
    const email = `stripe${n}@example.com`;
    const asked = await c.post(`/api/me/orders/${orderId}/refund-request`, { reason: 'Wrong plan.' });
    expect(asked.statusCode).toBe(200);
    invoiceOfIntent.set(`pi_${sessionId}`, `in_first_${sessionId}`);
    const charge = (amountRefunded: number) => ({
      id: `ch_${sessionId}`,
      object: 'charge',
      amount: 290_000,
      amount_refunded: amountRefunded,
      refunded: amountRefunded === 290_000,
      payment_intent: `pi_${sessionId}`,
    });
    const read = async () => {
      const [order] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
      const rows = await shop.t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
      const sold = await shop.t.database.db.select().from(panels).where(eq(panels.orderId, orderId));
      return { order: order!, payments: rows.map((p) => p.status), panels: sold.map((p) => p.status) };
    };

    // Part of the money back: our payment stays paid, the order and its panels stay.
    expect((await shop.deliver('charge.refunded', charge(100_000))).json().result).toBe('queued');
    let now = await read();
    expect(now.order.status).toBe('completed');
    expect(now.payments).toEqual(['completed']);
    expect(now.panels.every((p) => p === 'sold')).toBe(true);

    // All of it: the order is refunded, its panels revoked, the subscription ended at Stripe,
    // and the customer's waiting request answered.
    const full = await shop.deliver('charge.refunded', charge(290_000), { id: `evt_refund_${sessionId}` });
    expect(full.json().result).toBe('queued');
    now = await read();
    expect(now.order).toMatchObject({ status: 'refunded', subscriptionStatus: 'canceled' });
    expect(now.payments).toEqual(['refunded']);
    expect(now.panels.every((p) => p === 'retired')).toBe(true);
    expect(canceledSubscriptions).toEqual([`sub_${sessionId}`]);
    expect((await c.get('/api/me/panels')).json().panels).toHaveLength(0);
    const sub = (await c.get('/api/me/billing')).json().subscriptions[0];
    expect(sub.refundRequest).toMatchObject({
      status: 'approved',
      note: 'Refunded through our payment provider.',
    });
    const told = () => shop.t.mailer.sent.filter((m) => m.to === email).map((m) => m.subject);
    await shop.t.drainOutbox();
    expect(told()).toContain(`Refund approved for order ${orderId}`);

    // Delivered again: nothing more happens.
    const again = await shop.deliver('charge.refunded', charge(290_000), { id: `evt_refund_${sessionId}` });
    expect(again.json().result).toBe('duplicate');
    await shop.t.drainOutbox();
    expect(told().filter((s) => s.startsWith('Refund approved'))).toHaveLength(1);
    expect(canceledSubscriptions).toEqual([`sub_${sessionId}`]);

    // A charge that paid no invoice of ours is acknowledged and ignored.
    const stranger = await shop.deliver('charge.refunded', {
      ...charge(290_000),
      payment_intent: 'pi_elsewhere',
    });
    expect(stranger.json().result).toBe('ignored');
  });

  it('approves through Stripe: each invoice refunded under its own key; a failure is retried from the console', async () => {
    const c = await customer();
    const { orderId, sessionId } = await shop.payCheckout(c);
    invoiceOfIntent.set(`pi_${sessionId}`, `in_first_${sessionId}`);
    const asked = (
      await c.post(`/api/me/orders/${orderId}/refund-request`, { reason: 'Wrong plan.' })
    ).json();
    const { client: admin } = await signedInAccount(shop.t.app, shop.t.database.db, {
      email: `refunder${n}@example.com`,
      name: 'Refunder',
      role: 'admin',
    });
    const listed = async () =>
      (await admin.get('/api/admin/refunds?status=open'))
        .json()
        .refunds.find((r: { id: number }) => r.id === asked.id);

    // Stripe fails: the request is left failed, with Stripe's words and a Retry.
    refundAnswer = { status: 500, body: { error: { type: 'api_error', message: 'Stripe had a hiccup.' } } };
    const failed = await admin.post(`/api/admin/refunds/${asked.id}/approve`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('refund_failed');
    expect(await listed()).toMatchObject({
      status: 'failed',
      retryable: true,
      lastError: 'Stripe had a hiccup.',
    });
    expect((await c.get('/api/me/billing')).json().subscriptions[0].refundRequest.status).toBe('requested');
    const [order] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toMatch(/^(paid|completed)$/);

    // Retried after Stripe's idempotency key expired and the money went back meanwhile: Stripe
    // says so, and that is a success.
    refundAnswer = {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'Already refunded.',
        },
      },
    };
    const retried = await admin.post(`/api/admin/refunds/${asked.id}/approve`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ orderId, amountCents: 290_000 });
    expect(refundKeys.slice(-2)).toEqual([`refund-in_first_${sessionId}`, `refund-in_first_${sessionId}`]);
    expect(canceledSubscriptions).toContain(`sub_${sessionId}`);
    const [request] = await shop.t.database.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.id, asked.id));
    expect(request).toMatchObject({ status: 'approved', approvalAttempts: 2 });
    const [refunded] = await shop.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(refunded?.status).toBe('refunded');
    refundAnswer = { status: 200, body: { id: 're_1', object: 'refund' } };
  });

  it('has no sandbox checkout when Stripe is the provider', async () => {
    const c = await customer();
    expect((await c.post('/api/sandbox/sessions/cs_sandbox_x/pay')).statusCode).toBe(404);
    expect(
      (await shop.t.app.inject({ method: 'POST', url: '/api/webhooks/sandbox', payload: {} })).statusCode,
    ).toBe(404);
  });
});
