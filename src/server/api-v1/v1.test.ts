import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { orders } from '../db/schema';
import { signedInAccount } from '../testing/accounts';
import { type AdminKit, createAdminKit, insertOwnedObjects, insertPanels } from '../testing/admin-kit';
import { auditEntries } from '../testing/audit';
import { insertPendingOrder } from '../testing/orders';
import type { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

const database = TEST_DATABASE_NAME;

let kit: AdminKit;
let key: string;
let keyId: number;
let owned: Awaited<ReturnType<typeof insertOwnedObjects>>;
/** The customer's panels, by status as they read them. */
let active: number[];
let expired: number[];
let refunded: number[];
let replaced: number[];

async function newKey(client: TestClient, name: string) {
  const res = await client.post('/api/me/api-keys', { name, scope: 'read' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; key: string };
}

const get = (url: string, withKey = key) =>
  kit.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${withKey}` } });

/** Every row of a list, walking next_cursor page by page. */
async function walk(path: string, limit: number, idOf: (row: Record<string, unknown>) => unknown) {
  const seen: unknown[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await get(
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...body.data.map(idOf));
    cursor = body.next_cursor;
    pages++;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return seen;
}

beforeAll(async () => {
  kit = await createAdminKit();
  owned = await insertOwnedObjects(kit);
  const me = kit.customerUser.id;
  active = await insertPanels(
    kit,
    Array.from({ length: 23 }, () => ({
      status: 'sold' as const,
      soldTo: me,
      orderId: Number(owned.orderId),
    })),
  );
  active.push(Number(owned.panelId));
  expired = await insertPanels(kit, [
    { status: 'expired', soldTo: me, orderId: Number(owned.orderId) },
    { status: 'expired', soldTo: me, orderId: Number(owned.orderId) },
  ]);
  const { order: refundedOrder } = await insertPendingOrder(kit.db, me);
  await kit.db
    .update(orders)
    .set({ status: 'refunded', refundedAt: new Date() })
    .where(eq(orders.id, refundedOrder.id));
  refunded = await insertPanels(kit, [{ status: 'retired', soldTo: me, orderId: refundedOrder.id }]);
  replaced = await insertPanels(kit, [
    { status: 'retired', retiredReason: 'suspended', soldTo: me, orderId: Number(owned.orderId) },
  ]);
  // Stock nobody holds and another customer's order are never in this customer's lists.
  await insertPanels(kit, [{ status: 'available' }, { status: 'available' }]);
  ({ id: keyId, key } = await newKey(kit.customer, 'Integration'));
});
afterAll(() => kit.close());

describe(`/api/v1 on ${database}`, () => {
  it('walks every panel exactly once, page by page, newest first', async () => {
    const ids = await walk('/api/v1/panels', 7, (p) => p.id);
    const all = [...active, ...expired, ...refunded, ...replaced];
    expect(ids).toHaveLength(all.length);
    expect(new Set(ids).size).toBe(all.length);
    expect([...ids].sort()).toEqual([...all].sort());
    expect(ids).toEqual([...ids].sort((a, b) => Number(b) - Number(a)));

    const first = (await get('/api/v1/panels')).json();
    expect(first.data).toHaveLength(25);
    expect(first.data[0]).not.toHaveProperty('password');
  });

  it('filters panels by status', async () => {
    const statuses = { active, expired, refunded, replaced };
    for (const [status, expected] of Object.entries(statuses)) {
      const ids = await walk(`/api/v1/panels?status=${status}`, 10, (p) => {
        expect(p.status).toBe(status);
        return p.id;
      });
      expect([...ids].sort(), status).toEqual([...expected].sort());
    }
  });

  it('refuses bad paging input with a 400 in the one error shape', async () => {
    const bad = [
      'limit=0',
      'limit=101',
      'limit=x',
      'cursor=nonsense',
      'cursor=a%00b',
      'status=sold',
      'page=2',
    ];
    for (const url of [
      ...bad.map((query) => `/api/v1/panels?${query}`),
      `/api/v1/orders?cursor=${'x'.repeat(201)}`,
      '/api/v1/panels/3000000000',
      '/api/v1/orders/abc',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().error).sort()).toEqual(['code', 'message']);
    }
    // A cursor of another list is not taken either.
    const orderPage = (await get('/api/v1/orders?limit=1')).json();
    const crossed = await get(`/api/v1/panels?cursor=${orderPage.next_cursor ?? 'b3JkZXJzOjE'}`);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.code).toBe('invalid_cursor');
  });

  it("reveals an active panel's password and audit-logs it with the key", async () => {
    const panelId = active[0]!;
    const res = await get(`/api/v1/panels/${panelId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: panelId, status: 'active' });
    expect(res.json().password).toMatch(/^pw-/);
    const entries = await auditEntries(kit.db, 'panel.password_revealed', panelId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: kit.customerUser.id,
      details: { panelIds: [panelId], apiKeyId: keyId },
    });

    // A past panel is shown without its password, and nothing is revealed.
    const past = await get(`/api/v1/panels/${expired[0]}`);
    expect(past.json()).toMatchObject({ status: 'expired', password: null });
  });

  it('lists orders and subscriptions, and reads one order', async () => {
    const orderIds = await walk('/api/v1/orders', 1, (o) => o.id);
    expect(orderIds).toHaveLength(2);
    expect(await walk('/api/v1/orders?status=refunded', 5, (o) => o.status)).toEqual(['refunded']);
    const one = await get(`/api/v1/orders/${owned.orderId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: Number(owned.orderId), status: 'completed', delivered: 26 });

    const subscriptions = await walk('/api/v1/subscriptions', 1, (s) => s.orderId);
    expect([...subscriptions].sort()).toEqual([...orderIds].sort());
  });

  it("answers another customer's panels and orders with 404, and never lists them", async () => {
    const { client: other } = await signedInAccount(kit.t.app, kit.db, {
      email: 'mallory@example.com',
      role: 'user',
    });
    const { key: otherKey } = await newKey(other, 'Prying');
    for (const url of [
      `/api/v1/panels/${active[0]}`,
      `/api/v1/panels/${expired[0]}`,
      `/api/v1/orders/${owned.orderId}`,
    ]) {
      const res = await get(url, otherKey);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    for (const url of ['/api/v1/panels', '/api/v1/orders', '/api/v1/subscriptions']) {
      expect((await get(url, otherKey)).json(), url).toEqual({ data: [], next_cursor: null });
    }
  });

  it('limits each key to 120 requests a minute, telling how many are left', async () => {
    const { key: busy } = await newKey(kit.customer, 'Busy');
    // The clock stands still, so a slow machine cannot carry the loop into the next window.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const first = await get('/api/v1/subscriptions?limit=1', busy);
    expect(first.headers['ratelimit-limit']).toBe('120');
    expect(first.headers['ratelimit-remaining']).toBe('119');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 1; i < 120; i++) {
      const res = await get('/api/v1/subscriptions?limit=1', busy);
      expect(res.statusCode).toBe(200);
    }
    const refused = await get('/api/v1/subscriptions?limit=1', busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same customer has its own budget.
    expect((await get('/api/v1/subscriptions?limit=1')).statusCode).toBe(200);
  }, 120_000);

  it('bounds guessing: an address that sent 600 keys in a minute is refused before any key is looked up', async () => {
    const from = (remoteAddress: string, withKey: string) =>
      kit.t.app.inject({
        method: 'GET',
        url: '/api/v1/subscriptions?limit=1',
        remoteAddress,
        headers: { authorization: `Bearer ${withKey}` },
      });
    const guess = `phk_${'x'.repeat(43)}`;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    for (let i = 0; i < 600; i++) {
      expect((await from('203.0.113.9', guess)).statusCode).toBe(401);
    }
    const refused = await from('203.0.113.9', key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toContain('from this address');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.10', key)).statusCode).toBe(200);
  }, 120_000);

  it('describes /api/v1 in the OpenAPI document with a bearer scheme', async () => {
    const doc = (await kit.customer.get('/api/openapi.json')).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of [
      '/api/v1/panels',
      '/api/v1/panels/{panelId}',
      '/api/v1/orders',
      '/api/v1/orders/{orderId}',
      '/api/v1/subscriptions',
    ]) {
      expect(doc.paths[path]?.get?.security, path).toEqual([{ apiKey: [] }]);
      expect(Object.keys(doc.paths[path]?.get?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '400', '401', '429']),
      );
    }
  });
});
