import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, outboxMessages, payments, sandboxSessions } from '../../db/schema';
import { addStock } from '../../testing/inventory';
import { TestClient, testAppForSuite } from '../../testing/test-app';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * Paying a sandbox checkout moves its session to paid and applies the payment in one
 * transaction. A process killed in the middle rolls both back (PostgreSQL never commits half
 * a transaction), so paying again works; before, the session stayed paid with no payment.
 */
const where = TEST_DATABASE_NAME;

const t = testAppForSuite();
beforeAll(async () => {
  await t.app.ready();
  await addStock(t.database.db, 5);
});

/** Makes the next payment insert fail, as a crash at that point of the transaction would. */
async function breakPaymentInserts() {
  await t.database.db.execute(sql`
    create or replace function fail_payment_insert() returns trigger language plpgsql as $$
    begin raise exception 'simulated crash while recording the payment'; end $$`);
  await t.database.db.execute(sql`
    create trigger fail_payment_insert before insert on payments
    for each row execute function fail_payment_insert()`);
}
async function repairPaymentInserts() {
  await t.database.db.execute(sql`drop trigger fail_payment_insert on payments`);
}

describe(`sandbox pay on ${where}`, () => {
  it('keeps the session and the payment together when the payment step fails, so paying again works', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Pat', 'pat@example.com', 'password-1');
    await c.signIn('pat@example.com', 'password-1');
    const { url, orderId } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'card' })
    ).json();
    const sessionId = String(url).split('/').at(-1)!;
    const state = async () => {
      const [session] = await t.database.db
        .select()
        .from(sandboxSessions)
        .where(eq(sandboxSessions.id, sessionId));
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      const paymentRows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
      const mail = await t.database.db.select().from(outboxMessages);
      return {
        session: session?.status,
        chargeId: session?.chargeId,
        order: order?.status,
        payments: paymentRows.length,
        confirmations: mail.filter(
          (m) => (m.payload as { subject?: string }).subject === `Order ${orderId} confirmed`,
        ).length,
      };
    };

    await breakPaymentInserts();
    try {
      const failed = await c.post(`/api/sandbox/sessions/${sessionId}/pay`);
      expect(failed.statusCode).toBe(500);
    } finally {
      await repairPaymentInserts();
    }
    expect(await state()).toEqual({
      session: 'open',
      chargeId: null,
      order: 'pending_payment',
      payments: 0,
      confirmations: 0,
    });

    const paid = await c.post(`/api/sandbox/sessions/${sessionId}/pay`);
    expect(paid.statusCode).toBe(200);
    expect(await state()).toMatchObject({
      session: 'paid',
      order: 'completed',
      payments: 1,
      confirmations: 1,
    });

    // A second click finds the session paid and changes nothing.
    expect((await c.post(`/api/sandbox/sessions/${sessionId}/pay`)).statusCode).toBe(200);
    expect(await state()).toMatchObject({ payments: 1, confirmations: 1 });
  });
});
