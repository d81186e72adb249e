import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/client';
import {
  orders,
  outboxMessages,
  paymentEventIntake,
  payments,
  processedEvents,
  sandboxSessions,
  webhookEndpoints,
  webhookMessages,
  workspaces,
} from '../db/schema';
import { addStock } from '../testing/inventory';
import { insertCustomer, insertOrder, insertPendingOrder } from '../testing/orders';
import { testPasswordHasher } from '../testing/password-hasher';
import { checkoutCompleted, postSandboxEvent } from '../testing/sandbox-webhook';
import { createRecordingMailer } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig, testDatabaseUrl, testSecrets } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { addMember } from '../testing/workspaces';

/*
 * The webhook records a verified event and answers at once; the workers apply it
 * (docs/decisions/0024-payment-event-intake.md). On PostgreSQL the app runs on a pool of the
 * default size (10), as a production instance does.
 */
const secrets = testSecrets();
let database: TestDatabase;
let handle: DatabaseHandle;
const apps: FastifyInstance[] = [];

async function startApp(): Promise<FastifyInstance> {
  const app = await buildApp({
    firstSweepRoundsAfterMs: 0,
    config: testConfig({ RATE_LIMIT_MULTIPLIER: '100' }),
    database: handle,
    secrets,
    mailer: createRecordingMailer(),
    passwordHasher: testPasswordHasher,
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  handle = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : database;
});
/** Ends every instance started so far, so the next one is the only worker. */
async function closeApps() {
  for (const app of apps.splice(0)) await app.close();
}

afterAll(async () => {
  await closeApps();
  if (handle !== database) await handle.close();
  await database.destroy();
});

const db = () => database.db;

async function pendingOrders(n: number) {
  const customers = await Promise.all(Array.from({ length: 10 }, () => insertCustomer(db())));
  const made = [];
  for (let i = 0; i < n; i++) made.push(await insertPendingOrder(db(), customers[i % 10]!.id));
  return made;
}

/** Stock for `n` new orders, after the paid orders an earlier test left waiting (they come first). */
async function stockFor(n: number, prefix: string) {
  const [waiting] = await db().select({ n: count() }).from(orders).where(eq(orders.status, 'paid'));
  await addStock(db(), n + (waiting?.n ?? 0), { prefix });
}

/** Runs the workers' rounds until no event is left pending. */
/**
 * A fresh app that records provider events and never applies them (its workers stopped), and
 * `n` completed checkouts, with stock for them, posted to it.
 */
async function checkoutsRecordedBy(n: number, stockPrefix: string) {
  await closeApps();
  const app = await startApp();
  await app.paymentEvents.stop();
  const pending = await pendingOrders(n);
  await stockFor(n, stockPrefix);
  const events = pending.map(({ order, sessionId }) => checkoutCompleted(order.id, sessionId));
  const answers = await Promise.all(
    events.map((event) => postSandboxEvent({ app, secrets }, event, { applied: false })),
  );
  return { app, pending, events, answers };
}

async function drain(app: FastifyInstance) {
  for (let round = 0; round < 20; round++) {
    await app.paymentEvents.run();
    const [left] = await db()
      .select({ n: count() })
      .from(paymentEventIntake)
      .where(eq(paymentEventIntake.status, 'pending'));
    if (left?.n === 0) return;
  }
  throw new Error('payment events still pending after 20 rounds');
}

describe(`the payment event intake on ${TEST_DATABASE_NAME}`, () => {
  it('answers every one of many simultaneous confirmations 2xx and applies each once, oldest received first', async () => {
    const app = await startApp();
    const ORDERS = 240;
    const SHORT = 40;
    const pending = await pendingOrders(ORDERS);
    await addStock(db(), ORDERS - SHORT, { prefix: 'intake' });
    const events = pending.map(({ order, sessionId }) => checkoutCompleted(order.id, sessionId));
    const t = { app, secrets };

    const answers = await Promise.all(events.map((event) => postSandboxEvent(t, event, { applied: false })));
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    expect(answers.every((r) => r.json().result === 'queued')).toBe(true);
    // Every event delivered again, all at once: each is a duplicate and changes nothing.
    const again = await Promise.all(events.map((event) => postSandboxEvent(t, event, { applied: false })));
    expect(again.every((r) => r.statusCode === 200 && r.json().result === 'duplicate')).toBe(true);
    await drain(app);

    const held = await db()
      .select()
      .from(paymentEventIntake)
      .orderBy(asc(paymentEventIntake.receivedAt), asc(paymentEventIntake.id));
    expect(held).toHaveLength(ORDERS);
    expect(held.every((row) => row.status === 'applied' && row.attempts === 0)).toBe(true);
    const [applied] = await db().select({ n: count() }).from(processedEvents);
    expect(applied?.n).toBe(ORDERS);
    const perOrder = await db()
      .select({ orderId: payments.orderId, n: count() })
      .from(payments)
      .groupBy(payments.orderId);
    expect(perOrder).toHaveLength(ORDERS);
    expect(perOrder.every((p) => p.n === 1)).toBe(true);
    const confirmed = (await db().select().from(outboxMessages)).filter((m) =>
      String((m.payload as { subject?: string }).subject).endsWith(' confirmed'),
    );
    expect(confirmed).toHaveLength(ORDERS);

    // Each order is paid at the moment its event was received, and served in that order: the
    // first received got the stock, the last received wait for more.
    const orderOf = new Map(events.map((event) => [event.id, event.data.orderId]));
    const received = held.map((row) => ({ orderId: orderOf.get(row.eventId)!, at: row.receivedAt }));
    const rows = await db().select().from(orders);
    const byId = new Map(rows.map((o) => [o.id, o]));
    for (const { orderId, at } of received) expect(byId.get(orderId)?.paidAt?.getTime()).toBe(at.getTime());
    const servedFirst = [...received]
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.orderId - b.orderId)
      .map((r) => r.orderId);
    const completed = servedFirst.slice(0, ORDERS - SHORT);
    expect(completed.filter((id) => byId.get(id)?.status !== 'completed')).toEqual([]);
    expect(servedFirst.slice(ORDERS - SHORT).filter((id) => byId.get(id)?.status !== 'paid')).toEqual([]);
  }, 180_000);

  it('loses nothing to a process that ends between recording and applying: the next one applies it once', async () => {
    // This process records and never applies: it stops before the events arrive, and is gone after.
    const { app: first, pending, events, answers } = await checkoutsRecordedBy(12, 'restart');
    expect(answers.every((r) => r.statusCode === 200 && r.json().result === 'queued')).toBe(true);
    const ids = events.map((event) => event.id);
    const stillHeld = async () =>
      (await db().select().from(paymentEventIntake)).filter((row) => ids.includes(row.eventId));
    expect((await stillHeld()).every((row) => row.status === 'pending')).toBe(true);
    await first.close();

    // The next process applies what it finds at its first round.
    const next = await startApp();
    await drain(next);
    expect((await stillHeld()).every((row) => row.status === 'applied')).toBe(true);
    for (const { order } of pending) {
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe('completed');
      expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    }
  }, 120_000);

  // Only PostgreSQL has a connection to cut: the batch's transaction dies with it, mid-apply.
  it.runIf(testDatabaseUrl())(
    'loses nothing to a worker killed in the middle of a batch',
    async () => {
      const { pending } = await checkoutsRecordedBy(5, 'killed');

      // The worker's batch sleeps inside its transaction, and its connection is cut there.
      await db().execute(sql`
      create or replace function slow_payment() returns trigger language plpgsql as $$
      begin perform pg_sleep(30); return new; end $$`);
      await db().execute(
        sql`create trigger slow_payment before insert on payments for each row execute function slow_payment()`,
      );
      // The cut connection is in use; its error is the pool's to report (db/client.ts), and
      // this process, like a worker, goes on.
      const worker = await openDatabase({ kind: 'postgres', url: database.url ?? '' });
      const victim = await startWorkerApp(worker);
      const round = victim.paymentEvents.run().catch(() => []);
      await until(async () => {
        const { rows } = await handle.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and query like '%insert into "payments"%' and wait_event = 'PgSleep'`,
        );
        return (rows[0]?.n ?? 0) > 0;
      });
      await handle.query(`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and wait_event = 'PgSleep'`);
      await round;
      await db().execute(sql`drop trigger slow_payment on payments`);
      await victim.close().catch(() => {});
      await worker.close().catch(() => {});

      const next = await startApp();
      await drain(next);
      for (const { order } of pending) {
        const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
        expect(row?.status).toBe('completed');
        expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
      }
    },
    120_000,
  );

  it("tells a burst's workspace, as one payment does: the mail to its owner and billing members, order.paid to its endpoints, each at its moment", async () => {
    await closeApps();
    const app = await startApp();
    const [owner, billing, operator] = [
      await insertCustomer(db()),
      await insertCustomer(db()),
      await insertCustomer(db()),
    ];
    const [team] = await db().insert(workspaces).values({ name: 'Crew', createdBy: owner.id }).returning();
    if (!team) throw new Error('no workspace');
    await addMember(db(), team.id, owner.id, 'owner');
    await addMember(db(), team.id, billing.id, 'billing');
    await addMember(db(), team.id, operator.id, 'operator');
    const endpoint = async (workspaceId: string) => {
      const [row] = await db()
        .insert(webhookEndpoints)
        .values({
          userId: owner.id,
          workspaceId,
          url: 'https://hooks.example.com/in',
          events: ['order.paid'],
          secretEncrypted: 'not read here',
        })
        .returning({ id: webhookEndpoints.id });
      return row!.id;
    };
    const teamEndpoint = await endpoint(team.id);
    const personalEndpoint = await endpoint(owner.workspaceId);
    // Placed in the team's workspace by its members, as its checkout writes them.
    const placed = [];
    for (const by of [owner, billing, operator]) {
      const sessionId = `cs_sandbox_${by.id.slice(0, 12)}`;
      const order = await insertOrder(db(), {
        userId: by.id,
        workspaceId: team.id,
        status: 'pending_payment',
        providerSessionId: sessionId,
      });
      await db().insert(sandboxSessions).values({ id: sessionId, orderId: order.id, amountCents: 50_000 });
      placed.push({ order, sessionId });
    }
    const events = placed.map(({ order, sessionId }) => checkoutCompleted(order.id, sessionId));
    const answers = await Promise.all(
      events.map((event) => postSandboxEvent({ app, secrets }, event, { applied: false })),
    );
    expect(answers.every((r) => r.statusCode === 200 && r.json().result === 'queued')).toBe(true);
    await drain(app);

    const ids = placed.map(({ order }) => order.id);
    const paid = await db().select().from(orders).where(inArray(orders.id, ids));
    expect(paid.map((o) => [o.status, o.workspaceId])).toEqual(ids.map(() => ['paid', team.id]));
    const paidRows = await db().select().from(payments).where(inArray(payments.orderId, ids));
    expect(paidRows.map((p) => p.workspaceId)).toEqual(ids.map(() => team.id));

    const confirmations = (await db().select().from(outboxMessages))
      .map((m) => m.payload as { to: string; subject?: string })
      .filter((m) => ids.some((id) => m.subject === `Order ${id} confirmed`));
    for (const id of ids) {
      const to = confirmations.filter((m) => m.subject === `Order ${id} confirmed`).map((m) => m.to);
      expect(to.sort()).toEqual([owner.email, billing.email].sort());
    }

    const messages = await db().select().from(webhookMessages);
    expect(messages.filter((m) => m.endpointId === personalEndpoint)).toEqual([]);
    const told = messages
      .filter((m) => m.endpointId === teamEndpoint)
      .map(
        (m) =>
          JSON.parse(m.body) as {
            type: string;
            timestamp: string;
            workspaceId: string;
            data: { orderId: number };
          },
      );
    expect(told.map((m) => m.data.orderId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const paidAt = new Map(paid.map((o) => [o.id, o.paidAt?.toISOString()]));
    for (const m of told) {
      expect(m.type).toBe('order.paid');
      expect(m.workspaceId).toBe(team.id);
      expect(m.timestamp).toBe(paidAt.get(m.data.orderId));
    }
  }, 60_000);
});

async function startWorkerApp(worker: DatabaseHandle): Promise<FastifyInstance> {
  const app = await buildApp({
    firstSweepRoundsAfterMs: 0,
    config: testConfig({}),
    database: worker,
    secrets,
    mailer: createRecordingMailer(),
    passwordHasher: testPasswordHasher,
  });
  await app.ready();
  return app;
}

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
