import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIdempotencyKeys, auditLog, orders, sandboxSessions } from '../db/schema';
import { signedInAccount } from '../testing/accounts';
import { type AdminKit, createAdminKit, insertOwnedObjects } from '../testing/admin-kit';
import type { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { requestHash } from './idempotency';

const database = TEST_DATABASE_NAME;

let kit: AdminKit;
/** The customer's read_write key, and a read key of the same customer. */
let writer: { id: number; key: string };
let reader: { id: number; key: string };
let subscriptionId: number;

async function newKey(client: TestClient, scope: 'read' | 'read_write') {
  const res = await client.post('/api/me/api-keys', { name: `Writes ${scope}`, scope });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; key: string };
}

function post(url: string, options: { key?: string; body?: unknown; idempotencyKey?: string } = {}) {
  return kit.t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${options.key ?? writer.key}`,
      ...(options.idempotencyKey === undefined ? {} : { 'idempotency-key': options.idempotencyKey }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
}

const orderCount = async () =>
  (
    await kit.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.userId, kit.customerUser.id))
  )[0]?.n;

const idempotencyRows = async () =>
  (await kit.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(apiIdempotencyKeys))[0]?.n;

beforeAll(async () => {
  kit = await createAdminKit();
  subscriptionId = Number((await insertOwnedObjects(kit)).orderId);
  writer = await newKey(kit.customer, 'read_write');
  reader = await newKey(kit.customer, 'read');
});
afterAll(() => kit.close());

describe(`/api/v1 writes on ${database}`, () => {
  it('creates exactly one order for 20 concurrent identical requests with one Idempotency-Key', async () => {
    const before = await orderCount();
    const body = { planId: 'basic', additionalPanels: 1, method: 'card' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/v1/orders', { body, idempotencyKey: 'order-0001' })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await orderCount()).toBe((before ?? 0) + 1);

    const created = answers[0]!.json();
    expect(created.order).toMatchObject({
      planId: 'basic',
      additionalPanels: 1,
      status: 'pending_payment',
      paymentMethod: 'card',
    });
    expect(created.paymentInstructions).toBeNull();
    // The sandbox provider's hosted page, as a whole address, and one session only.
    expect(created.checkoutUrl).toMatch(/^https?:\/\/[^/]+\/checkout\/sandbox\/cs_sandbox_[0-9a-f]+$/);
    const sessions = await kit.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.orderId, created.order.id));
    expect(sessions).toHaveLength(1);
    // The price is the server's: 1 plan and 1 add-on, whatever a client might think.
    const [row] = await kit.db.select().from(orders).where(eq(orders.id, created.order.id));
    expect(row!.totalCents).toBe(row!.planPriceCents + row!.addonPriceCents);

    // A later retry with the same key and body gets the same answer again.
    const later = await post('/api/v1/orders', { body, idempotencyKey: 'order-0001' });
    expect(later.statusCode).toBe(201);
    expect(later.body).toBe(answers[0]!.body);
  });

  it('refuses the same key with another body with a 409, creating nothing', async () => {
    const before = await orderCount();
    const res = await post('/api/v1/orders', {
      body: { planId: 'basic', additionalPanels: 2, method: 'card' },
      idempotencyKey: 'order-0001',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'idempotency_key_reused', message: expect.stringContaining('another request') },
    });
    expect(await orderCount()).toBe(before);
  });

  it('keys are per owner: another customer may use the same key text', async () => {
    const { client: other } = await signedInAccount(kit.t.app, kit.db, {
      email: 'dave@example.com',
      role: 'user',
    });
    const theirs = await newKey(other, 'read_write');
    const res = await post('/api/v1/orders', {
      key: theirs.key,
      body: { planId: 'basic', additionalPanels: 1, method: 'card' },
      idempotencyKey: 'order-0001',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lets a key be used again once its 24 hours are over', async () => {
    await kit.db
      .update(apiIdempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(apiIdempotencyKeys.userId, kit.customerUser.id),
          eq(apiIdempotencyKeys.idempotencyKey, 'order-0001'),
        ),
      );
    const before = await orderCount();
    const res = await post('/api/v1/orders', {
      body: { planId: 'basic', additionalPanels: 3, method: 'card' },
      idempotencyKey: 'order-0001',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.additionalPanels).toBe(3);
    expect(await orderCount()).toBe((before ?? 0) + 1);
  });

  it('takes over a key whose first request died before answering', async () => {
    const stale = new Date(Date.now() - 5 * 60_000);
    const body = { planId: 'basic', additionalPanels: 4, method: 'card' };
    await kit.db.insert(apiIdempotencyKeys).values({
      userId: kit.customerUser.id,
      workspaceId: kit.customerUser.workspaceId,
      idempotencyKey: 'crashed-1',
      requestHash: requestHash('POST /api/v1/orders', body),
      apiKeyId: writer.id,
      lockedAt: stale,
      createdAt: stale,
      expiresAt: new Date(stale.getTime() + 86_400_000),
    });
    const res = await post('/api/v1/orders', { body, idempotencyKey: 'crashed-1' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.additionalPanels).toBe(4);
  });

  it('answers a bank transfer or crypto order with its payment instructions', async () => {
    for (const method of ['bank_transfer', 'crypto'] as const) {
      const res = await post('/api/v1/orders', { body: { planId: 'basic', additionalPanels: 0, method } });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created.checkoutUrl).toBeNull();
      expect(created.order).toMatchObject({ status: 'pending_payment', paymentMethod: method });
      expect(created.paymentInstructions).toMatchObject({
        orderId: created.order.id,
        method,
        status: 'pending_payment',
        due: {
          kind: 'first_payment',
          amountCents: created.order.totalCents,
          reference: `Order ${created.order.id}`,
        },
        cancelable: true,
      });
    }
  });

  it('refuses a read key every write with 403 and changes nothing', async () => {
    const before = await orderCount();
    const rows = await idempotencyRows();
    const refused = [
      await post('/api/v1/orders', {
        key: reader.key,
        body: { planId: 'basic', additionalPanels: 0, method: 'card' },
        idempotencyKey: 'read-key-1',
      }),
      await post(`/api/v1/subscriptions/${subscriptionId}/cancel`, { key: reader.key }),
      await post(`/api/v1/subscriptions/${subscriptionId}/resume`, { key: reader.key }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect(await orderCount()).toBe(before);
    expect(await idempotencyRows()).toBe(rows);
    const [sub] = await kit.db.select().from(orders).where(eq(orders.id, subscriptionId));
    expect(sub!.cancelAtPeriodEnd).toBe(false);
  });

  it('refuses bad bodies and bad Idempotency-Keys with 400, creating nothing', async () => {
    const before = await orderCount();
    const rows = await idempotencyRows();
    const valid = { planId: 'basic', additionalPanels: 0, method: 'card' };
    const cases: { body?: unknown; idempotencyKey?: string }[] = [
      {},
      { body: {} },
      { body: { ...valid, planId: 'platinum' } },
      { body: { ...valid, additionalPanels: -1 } },
      { body: { ...valid, additionalPanels: 1.5 } },
      { body: { ...valid, method: 'cash' } },
      { body: { ...valid, totalCents: 1 } },
      { body: valid, idempotencyKey: '' },
      { body: valid, idempotencyKey: 'has space' },
      { body: valid, idempotencyKey: 'x'.repeat(256) },
      { body: valid, idempotencyKey: 'caf\u00e9' },
    ];
    for (const options of cases) {
      const res = await post('/api/v1/orders', options);
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
      expect(Object.keys(res.json().error).sort()).toEqual(['code', 'message']);
    }
    expect(await orderCount()).toBe(before);
    expect(await idempotencyRows()).toBe(rows);
  });

  it('cancels at period end and resumes through v1, audit-logged with the key', async () => {
    const cancel = await post(`/api/v1/subscriptions/${subscriptionId}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      orderId: subscriptionId,
      cancelAtPeriodEnd: true,
      subscriptionStatus: 'active',
    });
    const resume = await post(`/api/v1/subscriptions/${subscriptionId}/resume`);
    expect(resume.statusCode, resume.body).toBe(200);
    expect(resume.json()).toMatchObject({ orderId: subscriptionId, cancelAtPeriodEnd: false });

    const entries = await kit.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(subscriptionId))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['subscription.canceled', { apiKeyId: writer.id, workspaceId: kit.customerUser.workspaceId }],
      ['subscription.resumed', { apiKeyId: writer.id, workspaceId: kit.customerUser.workspaceId }],
    ]);
    expect(entries[0]!.actorId).toBe(kit.customerUser.id);
  });

  it('refuses what the billing page refuses: an ended subscription, another customer’s', async () => {
    const { client: other } = await signedInAccount(kit.t.app, kit.db, {
      email: 'erin@example.com',
      role: 'user',
    });
    const theirs = await newKey(other, 'read_write');
    for (const action of ['cancel', 'resume']) {
      const res = await post(`/api/v1/subscriptions/${subscriptionId}/${action}`, { key: theirs.key });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const missing = await post('/api/v1/subscriptions/2000000000/cancel');
    expect(missing.statusCode).toBe(404);
    const bad = await post('/api/v1/subscriptions/3000000000/cancel');
    expect(bad.statusCode).toBe(400);

    await kit.db
      .update(orders)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, subscriptionId));
    const ended = await post(`/api/v1/subscriptions/${subscriptionId}/cancel`);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.code).toBe('subscription_inactive');
  });

  it('describes the writes in the OpenAPI document with the bearer scheme and their refusals', async () => {
    const doc = (await kit.customer.get('/api/openapi.json')).json();
    const create = doc.paths['/api/v1/orders']?.post;
    expect(create?.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(create?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409', '429']),
    );
    expect(create?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header' })]),
    );
    for (const action of ['cancel', 'resume']) {
      const path = `/api/v1/subscriptions/{orderId}/${action}`;
      expect(doc.paths[path]?.post?.security, path).toEqual([{ apiKey: [] }]);
      expect(Object.keys(doc.paths[path]?.post?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '404', '409', '429']),
      );
    }
  });
});
