import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orders, panels } from './db/schema';
import { signedInAccount } from './testing/accounts';
import { addStock } from './testing/inventory';
import { TestClient } from './testing/test-app';
import { TEST_DATABASE_NAME } from './testing/test-config';
import { twoInstancesForSuite } from './testing/two-instances';

/*
 * Two app instances on one database, as production scales out (README, "Production on PostgreSQL"): a
 * session made on one works on the other, and buyers on both never get the same panel.
 * On PostgreSQL each instance has its own connection pool, as two servers would.
 */
const two = twoInstancesForSuite();

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
    const c = new RoundRobin([two.a, two.b]);
    await c.signUp('Multi', 'multi@example.com', 'password-1');
    await c.signIn('multi@example.com', 'password-1');
    for (let i = 0; i < 4; i++) expect((await c.get('/api/me')).json().user.email).toBe('multi@example.com');
  });

  it('ends a session on both instances at once: sign-out on one, a password change on the other', async () => {
    const onA = new TestClient(two.a);
    await onA.signUp('Out', 'out@example.com', 'password-1');
    const first = sessionCookie(await onA.signIn('out@example.com', 'password-1'));
    expect((await me(two.b, first)).email).toBe('out@example.com');
    await onA.post('/api/auth/sign-out');
    expect(await me(two.b, first)).toBeNull();

    const elsewhere = sessionCookie(await new TestClient(two.b).signIn('out@example.com', 'password-1'));
    expect((await me(two.a, elsewhere)).email).toBe('out@example.com');
    await onA.signIn('out@example.com', 'password-1');
    const changed = await onA.changePassword('password-1', 'password-2');
    expect(changed.statusCode).toBe(200);
    expect(await me(two.a, elsewhere)).toBeNull();
    expect(await me(two.b, elsewhere)).toBeNull();
  });

  it('shows a role change on both instances at the next request', async () => {
    const { client: boss } = await signedInAccount(two.a, two.database.db, {
      email: 'boss-mi@example.com',
      name: 'Boss',
      role: 'admin',
    });
    const member = new TestClient(two.b);
    await member.signUp('Member', 'member-mi@example.com', 'password-1');
    const cookie = sessionCookie(await member.signIn('member-mi@example.com', 'password-1'));
    const before = await me(two.a, cookie);
    expect([before.isAdmin, (await me(two.b, cookie)).isAdmin]).toEqual([false, false]);

    expect((await boss.post(`/api/admin/customers/${before.id}/role`, { role: 'admin' })).statusCode).toBe(
      200,
    );
    expect([(await me(two.a, cookie)).isAdmin, (await me(two.b, cookie)).isAdmin]).toEqual([true, true]);
    const adminStats = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } }).then((r) => r.statusCode);
    expect([await adminStats(two.a), await adminStats(two.b)]).toEqual([200, 200]);

    expect((await boss.post(`/api/admin/customers/${before.id}/role`, { role: 'user' })).statusCode).toBe(
      200,
    );
    expect([await adminStats(two.b), await adminStats(two.a)]).toEqual([403, 403]);
  });

  it('ends an idle session on both instances when the idle limit passes, with no write in between', async () => {
    const c = new TestClient(two.a);
    await c.signUp('Idle', 'idle-mi@example.com', 'password-1');
    const cookie = sessionCookie(await c.signIn('idle-mi@example.com', 'password-1'));
    expect((await me(two.a, cookie)).email).toBe('idle-mi@example.com');
    expect((await me(two.b, cookie)).email).toBe('idle-mi@example.com');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect(await me(two.b, cookie)).toBeNull();
    expect(await me(two.a, cookie)).toBeNull();
  });

  it('never sells one panel twice when buyers pay on both instances at once', async () => {
    await addStock(two.database.db, 30);
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const c = new RoundRobin(i % 2 ? [two.a, two.b] : [two.b, two.a]);
        await c.signUp(`Buyer ${i}`, `mi${i}@example.com`, 'password-1');
        await c.signIn(`mi${i}@example.com`, 'password-1');
        const { url } = (
          await c.post('/api/checkout', { planId: 'basic', additionalPanels: 2, method: 'card' })
        ).json();
        return { c, sessionId: String(url).split('/').at(-1) };
      }),
    );
    await Promise.all(buyers.map(({ c, sessionId }) => c.post(`/api/sandbox/sessions/${sessionId}/pay`)));

    const perOrder = await two.database.db
      .select({ orderId: panels.orderId, n: count() })
      .from(panels)
      .where(eq(panels.status, 'sold'))
      .groupBy(panels.orderId);
    expect(perOrder.reduce((s, r) => s + r.n, 0)).toBe(30);
    const completed = await two.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.status, 'completed'));
    expect(completed[0]?.n).toBe(10);
    const waiting = await two.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.status, 'paid'));
    expect(waiting[0]?.n).toBe(2);

    // Both instances' outbox sweeps race over the same rows: each e-mail goes out once.
    await Promise.all([two.a.outbox.run(), two.b.outbox.run(), two.a.outbox.run(), two.b.outbox.run()]);
    const confirmations = [...two.mailA.sent, ...two.mailB.sent]
      .filter((m) => /^Order \d+ confirmed$/.test(m.subject))
      .map((m) => m.to)
      .sort();
    expect(confirmations).toEqual(buyers.map((_, i) => `mi${i}@example.com`).sort());
    const ready = [...two.mailA.sent, ...two.mailB.sent].filter((m) =>
      m.subject.endsWith('admin panels are ready'),
    );
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
      const c = new RoundRobin([two.a, two.b]);
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
      await Promise.all([
        two.a.webhooks.run(),
        two.b.webhooks.run(),
        two.a.webhooks.run(),
        two.b.webhooks.run(),
      ]);
      expect(received.map((r) => r.orderId)).toEqual(orderIds);
      expect(new Set(received.map((r) => r.id)).size).toBe(orderIds.length);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
