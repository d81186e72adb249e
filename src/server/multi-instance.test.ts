import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { createUserWithPassword } from './auth/users';
import type { DatabaseHandle } from './db/client';
import { orders, panels } from './db/schema';
import { addStock } from './testing/inventory';
import { testPasswordHasher } from './testing/password-hasher';
import { createRecordingMailer, TestClient } from './testing/test-app';
import { TEST_DATABASE_NAME, testConfig, testSecrets } from './testing/test-config';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

/*
 * Two app instances on one database, as production scales out (README, "Production on PostgreSQL"): a
 * session made on one works on the other, and buyers on both never get the same panel.
 * On PostgreSQL each instance has its own connection pool, as two servers would.
 */
let database: TestDatabase;
let second: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;
const mailA = createRecordingMailer();
const mailB = createRecordingMailer();

beforeAll(async () => {
  database = await createTestDatabase();
  second = await database.openAnother();
  const secrets = testSecrets();
  const config = testConfig({ RATE_LIMIT_MULTIPLIER: '10' });
  const passwordHasher = testPasswordHasher;
  a = await buildApp({ config, database, secrets, mailer: mailA, passwordHasher });
  b = await buildApp({ config, database: second, secrets, mailer: mailB, passwordHasher });
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await a.close();
  await b.close();
  await second.close();
  await database.destroy();
});

/** A client whose requests alternate between the two instances, sharing one cookie jar. */
class RoundRobin extends TestClient {
  private turn = 0;
  constructor(private readonly apps: FastifyInstance[]) {
    super(apps[0]!);
  }
  protected override target(): FastifyInstance {
    return this.apps[this.turn++ % this.apps.length]!;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

const sessionCookie = (response: Awaited<ReturnType<TestClient['signIn']>>) => {
  const cookie = response.cookies.find((c) => c.name.endsWith('session_token'));
  return `${cookie?.name}=${cookie?.value}`;
};
const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/me', headers: { cookie } }).then((r) => r.json().user);

/*
 * On PGlite both instances share the one embedded database and each remembers the session
 * between writes (docs/decisions/0010): every test here asks both after the change, so a
 * remembered answer that outlived it would fail them.
 */
describe(`two instances on one ${TEST_DATABASE_NAME}`, () => {
  it('shares sessions between instances', async () => {
    const c = new RoundRobin([a, b]);
    await c.signUp('Multi', 'multi@example.com', 'password-1');
    await c.signIn('multi@example.com', 'password-1');
    for (let i = 0; i < 4; i++) expect((await c.get('/api/me')).json().user.email).toBe('multi@example.com');
  });

  it('ends a session on both instances at once: sign-out on one, a password change on the other', async () => {
    const onA = new TestClient(a);
    await onA.signUp('Out', 'out@example.com', 'password-1');
    const first = sessionCookie(await onA.signIn('out@example.com', 'password-1'));
    expect((await me(b, first)).email).toBe('out@example.com');
    await onA.post('/api/auth/sign-out');
    expect(await me(b, first)).toBeNull();

    const elsewhere = sessionCookie(await new TestClient(b).signIn('out@example.com', 'password-1'));
    expect((await me(a, elsewhere)).email).toBe('out@example.com');
    await onA.signIn('out@example.com', 'password-1');
    const changed = await onA.changePassword('password-1', 'password-2');
    expect(changed.statusCode).toBe(200);
    expect(await me(a, elsewhere)).toBeNull();
    expect(await me(b, elsewhere)).toBeNull();
  });

  it('shows a role change on both instances at the next request', async () => {
    await createUserWithPassword(
      database.db,
      {
        email: 'boss-mi@example.com',
        name: 'Boss',
        password: 'password-1',
        role: 'admin',
        emailVerified: true,
      },
      testPasswordHasher,
    );
    const boss = new TestClient(a);
    await boss.signIn('boss-mi@example.com', 'password-1');
    const member = new TestClient(b);
    await member.signUp('Member', 'member-mi@example.com', 'password-1');
    const cookie = sessionCookie(await member.signIn('member-mi@example.com', 'password-1'));
    const before = await me(a, cookie);
    expect([before.isAdmin, (await me(b, cookie)).isAdmin]).toEqual([false, false]);

    expect((await boss.post(`/api/admin/customers/${before.id}/role`, { role: 'admin' })).statusCode).toBe(
      200,
    );
    expect([(await me(a, cookie)).isAdmin, (await me(b, cookie)).isAdmin]).toEqual([true, true]);
    const adminStats = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } }).then((r) => r.statusCode);
    expect([await adminStats(a), await adminStats(b)]).toEqual([200, 200]);

    expect((await boss.post(`/api/admin/customers/${before.id}/role`, { role: 'user' })).statusCode).toBe(
      200,
    );
    expect([await adminStats(b), await adminStats(a)]).toEqual([403, 403]);
  });

  it('ends an idle session on both instances when the idle limit passes, with no write in between', async () => {
    const c = new TestClient(a);
    await c.signUp('Idle', 'idle-mi@example.com', 'password-1');
    const cookie = sessionCookie(await c.signIn('idle-mi@example.com', 'password-1'));
    expect((await me(a, cookie)).email).toBe('idle-mi@example.com');
    expect((await me(b, cookie)).email).toBe('idle-mi@example.com');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect(await me(b, cookie)).toBeNull();
    expect(await me(a, cookie)).toBeNull();
  });

  it('never sells one panel twice when buyers pay on both instances at once', async () => {
    await addStock(database.db, 30);
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const c = new RoundRobin(i % 2 ? [a, b] : [b, a]);
        await c.signUp(`Buyer ${i}`, `mi${i}@example.com`, 'password-1');
        await c.signIn(`mi${i}@example.com`, 'password-1');
        const { url } = (
          await c.post('/api/checkout', { planId: 'basic', additionalPanels: 2, method: 'card' })
        ).json();
        return { c, sessionId: String(url).split('/').at(-1) };
      }),
    );
    await Promise.all(buyers.map(({ c, sessionId }) => c.post(`/api/sandbox/sessions/${sessionId}/pay`)));

    const perOrder = await database.db
      .select({ orderId: panels.orderId, n: count() })
      .from(panels)
      .where(eq(panels.status, 'sold'))
      .groupBy(panels.orderId);
    expect(perOrder.reduce((s, r) => s + r.n, 0)).toBe(30);
    const completed = await database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.status, 'completed'));
    expect(completed[0]?.n).toBe(10);
    const waiting = await database.db.select({ n: count() }).from(orders).where(eq(orders.status, 'paid'));
    expect(waiting[0]?.n).toBe(2);

    // Both instances' outbox sweeps race over the same rows: each e-mail goes out once.
    await Promise.all([a.outbox.run(), b.outbox.run(), a.outbox.run(), b.outbox.run()]);
    const confirmations = [...mailA.sent, ...mailB.sent]
      .filter((m) => /^Order \d+ confirmed$/.test(m.subject))
      .map((m) => m.to)
      .sort();
    expect(confirmations).toEqual(buyers.map((_, i) => `mi${i}@example.com`).sort());
    const ready = [...mailA.sent, ...mailB.sent].filter((m) => m.subject.endsWith('admin panels are ready'));
    expect(ready).toHaveLength(10);
  });

  it("sends each customer webhook once and in order, whichever instance's sweep takes it", async () => {
    const received: { id: string; orderId: number }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        const data = (JSON.parse(body) as { data: { orderId: number } }).data;
        received.push({ id: String(req.headers['webhook-id']), orderId: data.orderId });
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const c = new RoundRobin([a, b]);
      await c.signUp('Hooks', 'hooks-mi@example.com', 'password-1');
      await c.signIn('hooks-mi@example.com', 'password-1');
      const created = await c.post('/api/me/webhooks', {
        url: `http://127.0.0.1:${port}/mi`,
        events: ['order.created'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const orderIds: number[] = [];
      for (let extra = 0; extra < 5; extra++) {
        const res = await c.post('/api/checkout', {
          planId: 'basic',
          additionalPanels: extra,
          method: 'card',
        });
        expect(res.statusCode, res.body).toBe(200);
        orderIds.push(res.json().orderId);
      }
      await Promise.all([a.webhooks.run(), b.webhooks.run(), a.webhooks.run(), b.webhooks.run()]);
      expect(received.map((r) => r.orderId)).toEqual(orderIds);
      expect(new Set(received.map((r) => r.id)).size).toBe(orderIds.length);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
