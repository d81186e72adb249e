import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent } from '../../domain/api/provider-events';
import { orders, panels, paymentEventIntake, payments, processedEvents } from '../db/schema';
import { addStock } from '../testing/inventory';
import { insertCustomer, insertPendingOrder } from '../testing/orders';
import { checkoutCompleted, postSandboxEvent } from '../testing/sandbox-webhook';
import { testAppForSuite } from '../testing/test-app';
import { newSandboxEventId, sandboxWebhookSecret } from './sandbox/events';
import { signPayload } from './sandbox/signature';

const t = testAppForSuite();
beforeAll(async () => {
  await t.app.ready();
  await addStock(t.database.db, 20);
});

const send = (event: SandboxEvent, options?: Parameters<typeof postSandboxEvent>[2]) =>
  postSandboxEvent(t, event, options);
const completed = (orderId: number, sessionId: string, amountCents = 50_000) =>
  checkoutCompleted(orderId, sessionId, { amountCents });

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('sandbox webhooks', () => {
  it('refuses a bad signature, a stale timestamp and a malformed body, changing nothing', async () => {
    const who = await insertCustomer(t.database.db);
    const { order, sessionId } = await insertPendingOrder(t.database.db, who.id);
    const event = completed(order.id, sessionId);
    expect((await send(event, { secret: 'wrong' })).statusCode).toBe(400);
    const stale = await send(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe('Signature timestamp is too old.');
    expect((await send(event, { body: '{"id":' })).statusCode).toBe(400);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signPayload(
          JSON.stringify(event),
          sandboxWebhookSecret(t.secrets.sessionSecret),
        ),
      },
      payload: JSON.stringify({ ...event, data: { ...event.data, amountCents: 1 } }),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await orderRow(order.id)).status).toBe('pending_payment');
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(0);
    expect(
      await t.database.db.select().from(processedEvents).where(eq(processedEvents.eventId, event.id)),
    ).toHaveLength(0);
    // Nothing is recorded before the signature checks out.
    expect(
      await t.database.db.select().from(paymentEventIntake).where(eq(paymentEventIntake.eventId, event.id)),
    ).toHaveLength(0);
  });

  it('applies an event once however often it is delivered', async () => {
    const who = await insertCustomer(t.database.db);
    const { order, sessionId } = await insertPendingOrder(t.database.db, who.id, {
      quantity: 2,
      totalCents: 95_000,
    });
    const event = completed(order.id, sessionId, 95_000);
    const first = await send(event);
    // Answered once recorded; applied by the workers' round the answer woke (the helper runs it).
    expect(first.json()).toEqual({ received: true, result: 'queued' });
    expect((await send(event)).json()).toEqual({ received: true, result: 'duplicate' });
    // A different event for the same charge (a provider retry with a new id) is harmless too.
    expect((await send({ ...event, id: newSandboxEventId() })).json().result).toBe('queued');
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect(await t.database.db.select().from(panels).where(eq(panels.orderId, order.id))).toHaveLength(2);
    expect((await orderRow(order.id)).status).toBe('completed');
  });

  it('reaches the right final state whatever the order of events', async () => {
    const who = await insertCustomer(t.database.db);
    // Completed, then a late "expired": stays paid.
    const a = await insertPendingOrder(t.database.db, who.id);
    await send(completed(a.order.id, a.sessionId));
    await send({
      id: newSandboxEventId(),
      type: 'checkout.session.expired',
      data: { orderId: a.order.id, sessionId: a.sessionId },
    });
    expect((await orderRow(a.order.id)).status).toBe('completed');
    // Expired first, then the payment arrives: the money was taken, so the order is honoured.
    const b = await insertPendingOrder(t.database.db, who.id);
    await send({
      id: newSandboxEventId(),
      type: 'checkout.session.expired',
      data: { orderId: b.order.id, sessionId: b.sessionId },
    });
    expect((await orderRow(b.order.id)).status).toBe('canceled');
    await send(completed(b.order.id, b.sessionId));
    expect((await orderRow(b.order.id)).status).toBe('completed');
    expect(await t.database.db.select().from(panels).where(eq(panels.orderId, b.order.id))).toHaveLength(1);
  });

  it('takes an event about an order it does not know yet, and keeps it to try again later', async () => {
    const event = completed(999_999, 'cs_sandbox_unknown');
    const res = await send(event);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe('queued');
    const [held] = await t.database.db
      .select()
      .from(paymentEventIntake)
      .where(eq(paymentEventIntake.eventId, event.id));
    expect(held).toMatchObject({ status: 'pending', attempts: 1, waitingFor: 'order:999999' });
    expect(held?.lastError).toMatch(/Order 999999 does not exist/);
    expect(held!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});
