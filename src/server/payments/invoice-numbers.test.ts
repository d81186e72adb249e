import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { counters, payments, user } from '../db/schema';
import { processProviderEvent } from '../payment-events/process-event';
import { insertCustomer, insertPendingOrder } from '../testing/orders';
import { TestClient, testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

/*
 * Invoice numbers come from a counter row bumped as the payment's own transaction commits
 * (drizzle/0007_outbox.sql), so concurrent payments get consecutive numbers and a
 * rolled-back payment leaves no hole.
 */
const where = TEST_DATABASE_NAME;

const t = testAppForSuite({ RATE_LIMIT_MULTIPLIER: '10' });
beforeAll(async () => {
  await t.app.ready();
});

const db = () => t.database.db;

async function lastNumber() {
  const [row] = await db().select().from(counters).where(eq(counters.name, 'invoice'));
  return row?.value ?? 0;
}

const paid = (orderId: number, sessionId: string, chargeId: string) => ({
  provider: 'sandbox' as const,
  id: `evt_${randomBytes(8).toString('hex')}`,
  event: { type: 'checkout.completed' as const, orderId, sessionId, chargeId, amountCents: 50_000 },
});

describe(`invoice numbers on ${where}`, () => {
  it('numbers 50 concurrent payments 1..50 without gaps or duplicates, rollbacks and repeats included', async () => {
    expect(await lastNumber()).toBe(0);
    const who = await insertCustomer(db());
    const pending = [];
    for (let i = 0; i < 50; i++) pending.push(await insertPendingOrder(db(), who.id));

    const charge = (i: number) => `ch_concurrent_${i}`;
    await Promise.all([
      ...pending.map(({ order, sessionId }, i) =>
        processProviderEvent(db(), paid(order.id, sessionId, charge(i))),
      ),
      // The same charges delivered again under new event ids: recorded already, no number taken.
      ...pending
        .slice(0, 10)
        .map(({ order, sessionId }, i) => processProviderEvent(db(), paid(order.id, sessionId, charge(i)))),
      // Payments whose transaction fails after the payment row was written: no number taken.
      ...pending.slice(0, 10).map(({ order }, i) =>
        db()
          .transaction(async (tx) => {
            await tx.insert(payments).values({
              orderId: order.id,
              amountCents: 1,
              status: 'completed',
              method: 'sandbox',
              provider: 'sandbox',
              providerChargeId: `ch_rolled_back_${i}`,
            });
            throw new Error('crash after the payment was written');
          })
          .catch(() => {}),
      ),
    ]);

    const rows = await db()
      .select({ invoiceNumber: payments.invoiceNumber })
      .from(payments)
      .where(
        inArray(
          payments.orderId,
          pending.map((p) => p.order.id),
        ),
      );
    expect(rows).toHaveLength(50);
    expect(rows.map((r) => r.invoiceNumber ?? 0).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(await lastNumber()).toBe(50);
  });

  it('numbers the payments of one transaction as it commits, in the order they were written', async () => {
    const who = await insertCustomer(db());
    const { order } = await insertPendingOrder(db(), who.id);
    const before = await lastNumber();
    await db().transaction(async (tx) => {
      for (const month of ['03', '04', '05']) {
        await tx.insert(payments).values({
          orderId: order.id,
          amountCents: 50_000,
          status: 'completed',
          method: 'sandbox',
          provider: 'sandbox',
          providerChargeId: `ch_month_${month}`,
        });
      }
      const open = await tx.select().from(payments).where(eq(payments.orderId, order.id));
      expect(open.map((p) => p.invoiceNumber)).toEqual([null, null, null]);
    });
    const rows = await db()
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(payments.id);
    expect(rows.map((p) => [p.providerChargeId, p.invoiceNumber])).toEqual([
      ['ch_month_03', before + 1],
      ['ch_month_04', before + 2],
      ['ch_month_05', before + 3],
    ]);
  });

  it('labels invoices by their number, not the payment id', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Ivy', 'ivy@example.com', 'password-1');
    await c.signIn('ivy@example.com', 'password-1');
    const [ivy] = await db().select().from(user).where(eq(user.email, 'ivy@example.com'));
    const { order, sessionId } = await insertPendingOrder(db(), ivy!.id);
    const before = await lastNumber();
    await processProviderEvent(db(), paid(order.id, sessionId, 'ch_ivy'));
    const [invoice] = await db().select().from(payments).where(eq(payments.providerChargeId, 'ch_ivy'));
    expect(invoice?.invoiceNumber).toBe(before + 1);
    // The rolled-back payments above used up ids, not numbers.
    expect(invoice!.id).toBeGreaterThan(before + 1);

    const label = `INV-${String(before + 1).padStart(4, '0')}`;
    const history = (await c.get('/api/me/billing')).json().history as { id: number; invoice: string }[];
    expect(history.find((h) => h.id === invoice!.id)?.invoice).toBe(label);
    const pdf = await c.get(`/api/me/invoices/${invoice!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${label}.pdf"`);
  });
});
