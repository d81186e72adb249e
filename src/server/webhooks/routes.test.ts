import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_ENDPOINTS_PER_USER,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SENDS_PER_MINUTE,
} from '../../domain/webhooks';
import { createPanelCipher } from '../crypto/panel-password';
import { webhookEndpoints, webhookMessages } from '../db/schema';
import { signedInAccount } from '../testing/accounts';
import { type AdminKit, createAdminKit } from '../testing/admin-kit';
import { auditEntries } from '../testing/audit';
import { insertCustomer } from '../testing/orders';
import type { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { recordWebhookEvent } from './record';
import { createWebhookService } from './service';
import type { LookupAll } from './url-guard';

/*
 * /api/me/webhooks (docs/decisions/0012-webhooks.md, src/domain/api/webhooks.ts): the
 * customer's own endpoints, the destination check at saving, test and resend, and refusals
 * that change nothing.
 */
const databaseName = TEST_DATABASE_NAME;

let kit: AdminKit;
let other: TestClient;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.end('thanks');
  });
});
let receiverUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  kit = await createAdminKit();
  ({ client: other } = await signedInAccount(kit.t.app, kit.db, { email: 'dave@example.com', role: 'user' }));
});
afterAll(async () => {
  await kit.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function create(client: TestClient, url = receiverUrl, events = ['order.paid', 'refund.approved']) {
  const res = await client.post('/api/me/webhooks', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; url: string; events: string[] };
}

const endpointCount = async (userId: string) =>
  (await kit.db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)))[0]
    ?.n ?? 0;

describe(`/api/me/webhooks on ${databaseName}`, () => {
  it('creates an endpoint, shows its secret once, keeps it encrypted, and audit-logs it', async () => {
    const created = await create(kit.customer);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({
      url: receiverUrl,
      events: ['order.paid', 'refund.approved'],
      disabledAt: null,
    });
    const listed = (await kit.customer.get('/api/me/webhooks')).json();
    expect(listed.endpoints.map((e: { id: number }) => e.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(6));
    const [row] = await kit.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row?.secretEncrypted).not.toContain(created.secret.slice(6));
    expect(kit.cipher.decrypt(row!.secretEncrypted)).toBe(created.secret);
    const [audit] = await auditEntries(kit.db, 'webhook_endpoint.created', created.id);
    expect(audit).toMatchObject({ actorEmail: kit.customerUser.email, targetType: 'webhook_endpoint' });
    expect(JSON.stringify(audit?.details)).not.toContain('/hook');
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const before = await endpointCount(kit.customerUser.id);
    const bad: unknown[] = [
      {},
      { url: receiverUrl },
      { url: receiverUrl, events: [] },
      { url: receiverUrl, events: ['order.paid', 'order.paid'] },
      { url: receiverUrl, events: ['order.exploded'] },
      { url: receiverUrl, events: ['order.paid'], secret: 'whsec_mine' },
      { url: 'not a url', events: ['order.paid'] },
      { url: 'ftp://127.0.0.1:2121/x', events: ['order.paid'] },
      { url: 'http://127.0.0.1:22/x', events: ['order.paid'] },
      { url: 'https://10.0.0.1/', events: ['order.paid'] },
      { url: 'https://169.254.169.254/', events: ['order.paid'] },
      { url: 'https://[::1]/', events: ['order.paid'] },
      { url: 'http://user:pw@127.0.0.1:8080/', events: ['order.paid'] },
      { url: `https://x.example/${'a'.repeat(2_100)}`, events: ['order.paid'] },
    ];
    for (const body of bad) {
      const res = await kit.customer.post('/api/me/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await endpointCount(kit.customerUser.id)).toBe(before);
    for (const path of [
      '/api/me/webhooks/abc/test',
      '/api/me/webhooks/0/deliveries',
      '/api/me/webhooks/1/deliveries/x/resend',
    ]) {
      const res = path.endsWith('deliveries') ? await kit.customer.get(path) : await kit.customer.post(path);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
    }
    expect(await kit.db.select().from(webhookMessages)).toHaveLength(0);
  });

  it("answers another customer's endpoint and deliveries with 404 and leaves them alone", async () => {
    const mine = await create(kit.customer);
    const test = (await kit.customer.post(`/api/me/webhooks/${mine.id}/test`)).json();
    const paths = [
      ['GET', `/api/me/webhooks/${mine.id}/deliveries`],
      ['POST', `/api/me/webhooks/${mine.id}/test`],
      ['POST', `/api/me/webhooks/${mine.id}/deliveries/${test.id}/resend`],
      ['DELETE', `/api/me/webhooks/${mine.id}`],
    ] as const;
    for (const [method, url] of paths) {
      expect((await other.request({ method, url })).statusCode, url).toBe(404);
    }
    expect((await other.get('/api/me/webhooks')).json().endpoints).toEqual([]);
    // A delivery of one endpoint named under another endpoint of the same customer: 404 too.
    const second = await create(kit.customer);
    expect(
      (await kit.customer.post(`/api/me/webhooks/${second.id}/deliveries/${test.id}/resend`)).statusCode,
    ).toBe(404);
    const [still] = await kit.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, mine.id));
    expect(still).toBeDefined();
    expect((await kit.customer.get(`/api/me/webhooks/${mine.id}/deliveries`)).json().deliveries).toHaveLength(
      1,
    );
  });

  it('sends a test event, resends it with the same webhook-id and body, and lists deliveries newest first', async () => {
    const endpoint = await create(kit.customer);
    const before = received.length;
    const queued = await kit.customer.post(`/api/me/webhooks/${endpoint.id}/test`);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    await kit.t.app.webhooks.run();
    const first = received.slice(before);
    expect(first).toHaveLength(1);
    expect(JSON.parse(first[0]!.body)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: endpoint.id },
    });

    // Another worker holds the endpoint, so the resend waits however fast the kick after it is.
    const held = eq(webhookEndpoints.id, endpoint.id);
    await kit.db
      .update(webhookEndpoints)
      .set({ lockedUntil: new Date(Date.now() + 60_000), leaseToken: 'another-worker' })
      .where(held);
    const resent = await kit.customer.post(
      `/api/me/webhooks/${endpoint.id}/deliveries/${queued.json().id}/resend`,
    );
    expect(resent.statusCode, resent.body).toBe(202);
    // Queued once: a second resend while it waits is refused.
    expect(
      (await kit.customer.post(`/api/me/webhooks/${endpoint.id}/deliveries/${queued.json().id}/resend`))
        .statusCode,
    ).toBe(409);
    await kit.db.update(webhookEndpoints).set({ lockedUntil: null, leaseToken: null }).where(held);
    await kit.t.app.webhooks.run();
    const both = received.slice(before);
    expect(both).toHaveLength(2);
    expect(both[1]!.headers['webhook-id']).toBe(both[0]!.headers['webhook-id']);
    expect(both[1]!.body).toBe(both[0]!.body);

    const log = (await kit.customer.get(`/api/me/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(log.map((d: { id: number }) => d.id)).toEqual([resent.json().id, queued.json().id]);
    expect(log[0]).toMatchObject({
      messageId: queued.json().messageId,
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      nextAttemptAt: null,
    });
  });

  it(`limits test events and resends to ${WEBHOOK_SENDS_PER_MINUTE} a minute per endpoint, counting only the owner's calls`, async () => {
    const endpoint = await create(kit.customer);
    const queuedFor = async (id: number) =>
      (await kit.db.select({ n: count() }).from(webhookMessages).where(eq(webhookMessages.endpointId, id)))[0]
        ?.n ?? 0;
    // Someone else's calls are 404s and use up nothing.
    for (let i = 0; i < 3; i++) {
      expect((await other.post(`/api/me/webhooks/${endpoint.id}/test`)).statusCode).toBe(404);
    }
    const first = await kit.customer.post(`/api/me/webhooks/${endpoint.id}/test`);
    expect(first.statusCode).toBe(202);
    expect(first.headers['ratelimit-limit']).toBe(String(WEBHOOK_SENDS_PER_MINUTE));
    expect(first.headers['ratelimit-remaining']).toBe(String(WEBHOOK_SENDS_PER_MINUTE - 1));
    await kit.t.app.webhooks.run();
    const resend = `/api/me/webhooks/${endpoint.id}/deliveries/${first.json().id}/resend`;
    expect((await kit.customer.post(resend)).statusCode).toBe(202);
    for (let i = 2; i < WEBHOOK_SENDS_PER_MINUTE; i++) {
      expect((await kit.customer.post(`/api/me/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    }
    await kit.t.app.webhooks.run();
    const queued = await queuedFor(endpoint.id);

    for (const refused of [
      await kit.customer.post(`/api/me/webhooks/${endpoint.id}/test`),
      await kit.customer.post(resend),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
    }
    expect(await queuedFor(endpoint.id)).toBe(queued);
    // Each endpoint has its own allowance.
    const another = await create(kit.customer);
    expect((await kit.customer.post(`/api/me/webhooks/${another.id}/test`)).statusCode).toBe(202);
    await kit.t.app.webhooks.run();
  });

  it('deletes an endpoint with its log, audit-logged, and nothing more is sent to it', async () => {
    const endpoint = await create(kit.customer);
    // Queued without the test route's wake-up, so the sweep cannot send it before the DELETE.
    const paid = {
      orderId: 1,
      status: 'paid',
      planId: 'basic',
      quantity: 1,
      additionalPanels: 0,
      totalCents: 1,
      currency: 'USD' as const,
      paymentMethod: 'card',
      subscriptionStatus: 'active',
      currentPeriodEnd: null,
      createdAt: new Date().toISOString(),
    };
    await recordWebhookEvent(
      kit.db,
      kit.customerUser.workspaceId,
      'order.paid',
      paid,
      new Date(Date.now() + 60_000),
    );
    expect(
      await kit.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpoint.id)),
    ).toHaveLength(1);
    const before = received.length;
    expect(
      (await kit.customer.request({ method: 'DELETE', url: `/api/me/webhooks/${endpoint.id}` })).statusCode,
    ).toBe(204);
    await kit.t.app.webhooks.run();
    expect(received.length).toBe(before);
    expect(
      await kit.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpoint.id)),
    ).toEqual([]);
    expect((await kit.customer.get(`/api/me/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
    const audit = await auditEntries(kit.db, 'webhook_endpoint.deleted', endpoint.id);
    expect(audit).toHaveLength(1);
  });

  it('describes every event payload in the OpenAPI document', async () => {
    const doc = (await kit.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test'].sort());
    const completed = doc.webhooks['order.completed'].post.requestBody.content['application/json'].schema;
    expect(completed.properties.data.properties.panelIds.type).toBe('array');
    expect(doc.paths['/api/me/webhooks'].post.responses['201']).toBeDefined();
  });

  it(`keeps an account to ${MAX_WEBHOOK_ENDPOINTS_PER_USER} endpoints`, async () => {
    const { client, id } = await signedInAccount(kit.t.app, kit.db, {
      email: 'erin@example.com',
      role: 'user',
    });
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS_PER_USER; i++) await create(client);
    const res = await client.post('/api/me/webhooks', { url: receiverUrl, events: ['order.paid'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('too_many_webhook_endpoints');
    expect(await endpointCount(id)).toBe(MAX_WEBHOOK_ENDPOINTS_PER_USER);
  });
});

describe(`the destination check at saving, in production, on ${databaseName}`, () => {
  const lookup: LookupAll = async (hostname) => {
    const table: Record<string, string> = {
      'hooks.example.com': '93.184.215.14',
      'sneaky.example.com': '127.0.0.1',
      'inside.example.com': '10.1.2.3',
    };
    const address = table[hostname];
    if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address, family: 4 }];
  };
  // The service as production builds it: every address is checked against the resolver above.
  const productionService = () =>
    createWebhookService({
      db: kit.db,
      cipher: createPanelCipher(randomBytes(32).toString('hex')),
      production: true,
      lookup,
      now: () => new Date(),
    });

  it.each([
    'https://10.0.0.1/',
    'https://169.254.169.254/',
    'https://[::1]/',
    'https://127.0.0.1/',
    'https://sneaky.example.com/hook',
    'https://inside.example.com/hook',
    'https://nowhere.example.com/hook',
    'http://hooks.example.com/hook',
  ])('refuses %s', async (url) => {
    const owner = await insertCustomer(kit.db);
    const service = productionService();
    await expect(
      service.create(
        { id: owner.id, email: owner.email, ip: null, workspaceId: owner.workspaceId },
        { url, events: ['order.paid'] },
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await endpointCount(owner.id)).toBe(0);
  });

  it('says a name is not a public address, never what it resolves to', async () => {
    const owner = await insertCustomer(kit.db);
    const refusal = productionService().create(
      { id: owner.id, email: owner.email, ip: null, workspaceId: owner.workspaceId },
      { url: 'https://inside.example.com/hook', events: ['order.paid'] },
    );
    await expect(refusal).rejects.toMatchObject({
      statusCode: 400,
      code: 'webhook_url_refused',
      message: 'This URL cannot receive webhooks: inside.example.com is not a public address.',
    });
  });

  it('accepts a public https address', async () => {
    const owner = await insertCustomer(kit.db);
    const service = productionService();
    const created = await service.create(
      { id: owner.id, email: owner.email, ip: null, workspaceId: owner.workspaceId },
      { url: 'https://hooks.example.com/hook', events: ['order.paid'] },
    );
    expect(created.url).toBe('https://hooks.example.com/hook');
  });
});
