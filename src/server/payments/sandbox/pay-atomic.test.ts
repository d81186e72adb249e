import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, outboxMessages, paymentEventIntake, payments, sandboxSessions } from '../../db/schema';
import { addStock } from '../../testing/inventory';
import { TestClient, testAppForSuite } from '../../testing/test-app';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * Paying a sandbox checkout moves its session to paid and records the payment event in one
 * transaction; the workers apply the event (docs/decisions/0024-payment-event-intake.md). A
 * process killed in the middle rolls both back (PostgreSQL never commits half a transaction),
 * so paying again works; and an event whose application fails stays recorded and is applied
 * once the fault is gone, so a paid session never loses its payment.
 */
const where = TEST_DATABASE_NAME;

const t = testAppForSuite();
beforeAll(async () => {
  await t.app.ready();
  await addStock(t.database.db, 5);
});

/** Makes the next insert into `table` fail, as a crash at that point of the transaction would. */
async function breakInserts(table: 'payments' | 'payment_event_intake') {
  await t.database.db.execute(sql`
    create or replace function fail_insert() returns trigger language plpgsql as $$
    begin raise exception 'simulated crash while recording'; end $$`);
  await t.database.db.execute(
    sql.raw(
      `create trigger fail_insert before insert on ${table} for each row execute function fail_insert()`,
    ),
  );
}
async function repairInserts(table: 'payments' | 'payment_event_intake') {
  await t.database.db.execute(sql.raw(`drop trigger fail_insert on ${table}`));
}

describe(`sandbox pay on ${where}`, () => {
  it('keeps the session and its event together, and applies an event whose first try failed once', async () => {
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
      const held = await t.database.db.select().from(paymentEventIntake);
      return {
        session: session?.status,
        chargeId: session?.chargeId,
        order: order?.status,
        payments: paymentRows.length,
        confirmations: mail.filter(
          (m) => (m.payload as { subject?: string }).subject === `Order ${orderId} confirmed`,
        ).length,
        events: held.map((e) => ({ status: e.status, attempts: e.attempts })),
      };
    };

    // The event cannot be recorded: the session stays open, as if nothing was clicked.
    await breakInserts('payment_event_intake');
    try {
      const failed = await c.post(`/api/sandbox/sessions/${sessionId}/pay`);
      expect(failed.statusCode).toBe(500);
    } finally {
      await repairInserts('payment_event_intake');
    }
    expect(await state()).toEqual({
      session: 'open',
      chargeId: null,
      order: 'pending_payment',
      payments: 0,
      confirmations: 0,
      events: [],
    });

    // Recorded, but applying it fails: the session is paid and its event waits for a retry.
    await breakInserts('payments');
    try {
      const paid = await c.post(`/api/sandbox/sessions/${sessionId}/pay`);
      expect(paid.statusCode).toBe(200);
      expect(await state()).toMatchObject({
        session: 'paid',
        order: 'pending_payment',
        payments: 0,
        confirmations: 0,
        events: [{ status: 'pending', attempts: 1 }],
      });
    } finally {
      await repairInserts('payments');
    }

    // The retry, once due, applies it.
    await t.database.db.update(paymentEventIntake).set({ nextAttemptAt: new Date(Date.now() - 1_000) });
    await t.app.paymentEvents.run();
    expect(await state()).toMatchObject({
      session: 'paid',
      order: 'completed',
      payments: 1,
      confirmations: 1,
      events: [{ status: 'applied', attempts: 1 }],
    });

    // A second click finds the session paid and changes nothing.
    expect((await c.post(`/api/sandbox/sessions/${sessionId}/pay`)).statusCode).toBe(200);
    await t.app.paymentEvents.run();
    expect(await state()).toMatchObject({ payments: 1, confirmations: 1, events: [{ status: 'applied' }] });
  });
});
