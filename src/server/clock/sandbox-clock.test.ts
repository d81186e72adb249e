import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../domain/sandbox-clock';
import { buildApp } from '../app';
import { orders, panels, payments } from '../db/schema';
import { apiNotFoundBody } from '../http/errors';
import { customerSeries, shopWithAdmin, signedInAccount } from '../testing/accounts';
import { auditEntries } from '../testing/audit';
import { testPasswordHasher } from '../testing/password-hasher';
import { createRecordingMailer, type TestApp, TestClient, testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig, testSecrets } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { advanceClock } from './advance';
import { createSandboxClock } from './business-clock';

const CLOCK = '/api/admin/sandbox-clock';
const at = (iso: string) => new Date(iso);

describe(`the sandbox clock on ${TEST_DATABASE_NAME}`, () => {
  // The base clock (real time in production) is a test's: the offset adds to it.
  let base = at('2026-01-01T12:00:00Z');
  let t: TestApp;
  let admin: TestClient;
  let customer: TestClient;
  let order: (id: number) => Promise<typeof orders.$inferSelect>;

  beforeAll(async () => {
    ({ t, admin } = await shopWithAdmin({ clock: () => base, stock: 20 }));
    ({ client: customer } = await signedInAccount(t.app, t.database.db, {
      email: 'carol@example.com',
      role: 'user',
    }));
    order = async (id) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  });
  afterAll(() => t.close());

  const buyers = customerSeries(() => t.app, 'clock');
  const checkout = async (c: TestClient, method: 'card' | 'bank_transfer') => {
    const res = await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { url: string; orderId: number };
  };

  it('tells an admin the business time, and no one else', async () => {
    const res = await admin.get(CLOCK);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      offsetDays: 0,
      offsetMs: 0,
      now: base.toISOString(),
      realNow: base.toISOString(),
    });
    expect((await new TestClient(t.app).get(CLOCK)).statusCode).toBe(401);
    expect((await customer.get(CLOCK)).statusCode).toBe(403);
    expect((await new TestClient(t.app).post(CLOCK, { advanceDays: 1 })).statusCode).toBe(401);
    expect((await customer.post(CLOCK, { advanceDays: 1 })).statusCode).toBe(403);
    expect((await admin.get(CLOCK)).json().offsetDays).toBe(0);
  });

  it('moves 1 to 400 whole days, and refuses anything else without moving', async () => {
    for (const body of [
      { advanceDays: 0 },
      { advanceDays: 401 },
      { advanceDays: -3 },
      { advanceDays: 1.5 },
      { advanceDays: '3' },
      { advanceDays: null },
      {},
      { advanceDays: 1, rewind: true },
    ]) {
      const res = await admin.post(CLOCK, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect((await admin.get(CLOCK)).json().offsetDays).toBe(0);
  });

  it('advancing 32 days renews a sandbox subscription at each month boundary in turn and ends unpaid orders on their day', async () => {
    const { db } = t.database;
    // Bought on January 1st; its period ends on February 1st.
    const subscriber = await buyers();
    const bought = await checkout(subscriber.c, 'card');
    const pay = await subscriber.c.post(`/api/sandbox/sessions/${bought.url.split('/').at(-1)}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await order(bought.orderId)).currentPeriodEnd).toEqual(at('2026-02-01T12:00:00Z'));

    // Real time passes to January 30th; two checkouts are left unpaid then.
    base = at('2026-01-30T12:00:00Z');
    const cardBuyer = await buyers();
    const abandoned = await checkout(cardBuyer.c, 'card');
    const bankBuyer = await buyers();
    const unpaid = await checkout(bankBuyer.c, 'bank_transfer');
    // Its payment instructions go out now, before the clock moves.
    await t.drainOutbox();

    const { result, mail } = await t.mailSentBy(() => admin.post(CLOCK, { advanceDays: 32 }));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toEqual({
      offsetDays: 32,
      offsetMs: 32 * DAY_MS,
      now: '2026-03-03T12:00:00.000Z',
      realNow: base.toISOString(),
    });

    // Each month is its own renewal, at its own day: a charge and an e-mail each, in order.
    const charges = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, bought.orderId))
      .orderBy(asc(payments.id));
    expect(charges.map((p) => [p.periodStart?.toISOString(), p.periodEnd?.toISOString()])).toEqual([
      ['2026-01-01T12:00:00.000Z', '2026-02-01T12:00:00.000Z'],
      ['2026-02-01T12:00:00.000Z', '2026-03-01T12:00:00.000Z'],
      ['2026-03-01T12:00:00.000Z', '2026-04-01T12:00:00.000Z'],
    ]);
    const renewed = await order(bought.orderId);
    expect(renewed).toMatchObject({
      subscriptionStatus: 'active',
      currentPeriodEnd: at('2026-04-01T12:00:00Z'),
    });
    const receipts = mail.filter(
      (m) => m.to === subscriber.email && m.subject.startsWith('Subscription renewed'),
    );
    expect(receipts.map((m) => /active until (\S+)\./.exec(m.text)?.[1])).toEqual([
      '2026-03-01',
      '2026-04-01',
    ]);

    // The card checkout lapsed after its 24 hours, the bank transfer after its 7 days, reminded half-way.
    expect(await order(abandoned.orderId)).toMatchObject({
      status: 'canceled',
      cancelReason: 'checkout_expired',
      canceledAt: at('2026-01-31T12:00:00Z'),
    });
    expect(await order(unpaid.orderId)).toMatchObject({
      status: 'canceled',
      cancelReason: 'payment_not_received',
      canceledAt: at('2026-02-06T12:00:00Z'),
      paymentReminderSentAt: at('2026-02-03T12:00:00Z'),
    });
    const bankMail = mail.filter((m) => m.to === bankBuyer.email).map((m) => m.subject);
    expect(bankMail).toEqual([
      `Reminder: order ${unpaid.orderId} is waiting for your payment`,
      `Order ${unpaid.orderId} canceled: payment not received`,
    ]);

    // Who moved it, and how far.
    const [entry] = await auditEntries(db, 'sandbox_clock.advanced');
    expect(entry).toMatchObject({
      actorEmail: 'admin@example.com',
      targetType: 'sandbox_clock',
      details: { days: 32, fromOffsetDays: 0, offsetDays: 32, businessTime: '2026-03-03T12:00:00.000Z' },
    });
  });

  it('cancel one of three panels and move the clock 32 days: two renew on one invoice for two, the third ends', async () => {
    const { db } = t.database;
    const buyer = await buyers();
    const { url, orderId } = (
      await buyer.c.post('/api/checkout', { planId: 'basic', additionalPanels: 2, method: 'card' })
    ).json() as { url: string; orderId: number };
    expect((await buyer.c.post(`/api/sandbox/sessions/${url.split('/').at(-1)}/pay`)).statusCode).toBe(200);
    const bought = (
      (await buyer.c.get('/api/me/panels')).json().panels as { id: number; orderId: number }[]
    ).filter((p) => p.orderId === orderId);
    expect(bought).toHaveLength(3);
    const gone = Math.min(...bought.map((p) => p.id));
    expect((await buyer.c.post('/api/me/panels/cancel', { panelIds: [gone] })).statusCode).toBe(200);
    const periodEnd = (await order(orderId)).currentPeriodEnd!;

    const { result, mail } = await t.mailSentBy(() => admin.post(CLOCK, { advanceDays: 32 }));
    expect(result.statusCode, result.body).toBe(200);

    const charges = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.id));
    // The first payment, then one renewal at the period end for the two panels that renew.
    expect(charges.map((p) => [p.panelCount, p.amountCents, p.periodStart])).toEqual([
      [3, 140_000, expect.any(Date)],
      [2, 95_000, periodEnd],
    ]);
    const ended = (await db.select().from(panels).where(eq(panels.id, gone)))[0]!;
    expect(ended).toMatchObject({ status: 'retired', endedAt: periodEnd });
    const kept = await db.select().from(panels).where(eq(panels.orderId, orderId));
    expect(kept.filter((p) => p.id !== gone).every((p) => p.status === 'sold' && p.endedAt === null)).toBe(
      true,
    );
    expect(await order(orderId)).toMatchObject({ subscriptionStatus: 'active' });
    const subjects = mail.filter((m) => m.to === buyer.email).map((m) => m.subject);
    expect(subjects.some((s) => s.startsWith('Subscription renewed'))).toBe(true);
    expect(subjects.filter((s) => !s.startsWith('Subscription renewed'))).toHaveLength(1);
  });

  it('signs no one out: sessions keep real time, not the 32 days the business time skipped', async () => {
    expect((await admin.get(CLOCK)).statusCode).toBe(200);
    expect((await customer.get('/api/me')).json().user.email).toBe('carol@example.com');
  });

  it('puts the offset in the site facts every page reads', async () => {
    const site = (await new TestClient(t.app).get('/api/site')).json();
    // Two advances of 32 days so far in this suite.
    expect(site.sandboxClock).toEqual({ offsetMs: 64 * DAY_MS });
  });
});

describe('two advances at once, on two instances of one database', () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let adminA: TestClient;
  let adminB: TestClient;
  const base = at('2026-05-01T00:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    const second = await database.openAnother();
    const config = testConfig({ RATE_LIMIT_MULTIPLIER: '10' });
    const secrets = testSecrets();
    const common = { config, secrets, passwordHasher: testPasswordHasher, clock: () => base };
    a = await buildApp({ firstSweepRoundsAfterMs: 0, ...common, database, mailer: createRecordingMailer() });
    b = await buildApp({
      firstSweepRoundsAfterMs: 0,
      ...common,
      database: second,
      mailer: createRecordingMailer(),
    });
    await Promise.all([a.ready(), b.ready()]);
    ({ client: adminA } = await signedInAccount(a, database.db, { email: 'ops@example.com', role: 'admin' }));
    adminB = new TestClient(b);
    const signIn = await adminB.signIn('ops@example.com', 'password-1');
    expect(signIn.statusCode).toBe(200);
    return async () => {
      await a.close();
      await b.close();
      await second.close();
      await database.destroy();
    };
  });

  it('shows the time one instance moved on the other', async () => {
    // The second instance has read the offset before the first moves it.
    expect((await b.inject({ method: 'GET', url: '/api/site' })).json().sandboxClock).toEqual({
      offsetMs: 0,
    });
    const moved = await adminA.post(CLOCK, { advanceDays: 3 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await adminB.get(CLOCK)).json()).toEqual(moved.json());
    // Its requests read the offset again within a second of it changing.
    await vi.waitFor(
      async () => {
        const site = (await b.inject({ method: 'GET', url: '/api/site' })).json();
        expect(site.sandboxClock).toEqual({ offsetMs: 3 * DAY_MS });
      },
      { timeout: 5_000, interval: 250 },
    );
  });

  it('runs two advances one after the other, never interleaved', async () => {
    const [one, two] = await Promise.all([
      adminA.post(CLOCK, { advanceDays: 2 }),
      adminB.post(CLOCK, { advanceDays: 2 }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect((await adminA.get(CLOCK)).json().offsetDays).toBe(7);
    const entries = await auditEntries(database.db, 'sandbox_clock.advanced');
    // Interleaved steps would have both start from day 3.
    expect(entries.map((e) => e.details?.fromOffsetDays).sort()).toEqual([0, 3, 5]);
    expect(entries.map((e) => e.details?.offsetDays).sort()).toEqual([3, 5, 7]);
  });
});

describe('outside the sandbox', () => {
  const t = testAppForSuite({ SANDBOX_PAYMENTS: 'false' });
  let admin: TestClient;
  beforeAll(async () => {
    await t.app.ready();
    ({ client: admin } = await signedInAccount(t.app, t.database.db, {
      email: 'ops@example.com',
      role: 'admin',
    }));
  });

  it('has no clock: its paths answer as unknown paths do, to admins and everyone else', async () => {
    const anonymous = new TestClient(t.app);
    for (const client of [admin, anonymous]) {
      const read = await client.get(CLOCK);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(apiNotFoundBody('GET', CLOCK));
      const advance = await client.post(CLOCK, { advanceDays: 1 });
      expect(advance.statusCode).toBe(404);
      expect(advance.json()).toEqual(apiNotFoundBody('POST', CLOCK));
    }
    expect((await anonymous.get('/api/site')).json().sandboxClock).toBeNull();
  });
});

describe('an advance under way when the app closes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    return () => database.destroy();
  });

  it('ends after the step in hand instead of running out its days', async () => {
    const clock = createSandboxClock({
      db: database.db,
      base: () => at('2026-05-01T00:00:00Z'),
      log: console,
    });
    let closing = false;
    const state = await advanceClock(
      {
        database,
        clock,
        // Shutdown begins while the first day's sweeps run.
        sweeps: [{ run: async () => (closing = true) }],
        stopping: () => closing,
      },
      { days: 400, actor: { actorId: null, actorEmail: 'ops@example.com', ip: '127.0.0.1' } },
    );
    expect(state.offsetDays).toBe(1);
    const [entry] = await auditEntries(database.db, 'sandbox_clock.advanced');
    expect(entry?.details).toMatchObject({ days: 1, requestedDays: 400 });
  });
});
