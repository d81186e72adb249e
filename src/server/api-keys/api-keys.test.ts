import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema';
import { signedInAccount } from '../testing/accounts';
import { type AdminKit, createAdminKit } from '../testing/admin-kit';
import { auditEntries } from '../testing/audit';
import { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

const database = TEST_DATABASE_NAME;

let kit: AdminKit;
beforeAll(async () => {
  kit = await createAdminKit();
});
afterAll(() => kit.close());

async function createKey(client: TestClient, name = 'CI', scope = 'read') {
  const res = await client.post('/api/me/api-keys', { name, scope });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; key: string; name: string; scope: string; hint: string };
}

const withKey = (key: string, url: string, extra: Record<string, string> = {}) =>
  kit.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}`, ...extra } });

const auditOf = (action: string, targetId: number) => auditEntries(kit.db, action, targetId);

describe(`API keys on ${database}`, () => {
  it('shows a new key once and keeps only its hash', async () => {
    const created = await createKey(kit.customer, 'Reporting', 'read');
    expect(created.key).toMatch(/^phk_[0-9A-Za-z]{43}$/);
    expect(created.key.startsWith(created.hint)).toBe(true);
    expect(created).toMatchObject({ name: 'Reporting', scope: 'read' });

    const listed = (await kit.customer.get('/api/me/api-keys')).json().keys;
    const entry = listed.find((k: { id: number }) => k.id === created.id);
    expect(entry).toMatchObject({ name: 'Reporting', scope: 'read', hint: created.hint, lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(created.hint.length));

    const [row] = await kit.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(created.hint.length));

    const [audit] = await auditOf('api_key.created', created.id);
    expect(audit).toMatchObject({ actorEmail: kit.customerUser.email, targetType: 'api_key' });
    expect(JSON.stringify(audit)).not.toContain(created.key.slice(created.hint.length));

    // Using it is recorded as its last use.
    expect((await withKey(created.key, '/api/v1/orders')).statusCode).toBe(200);
    const after = (await kit.customer.get('/api/me/api-keys')).json().keys;
    expect(after.find((k: { id: number }) => k.id === created.id).lastUsedAt).not.toBeNull();
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const before = await kit.db.select().from(apiKeys);
    for (const body of [
      {},
      { name: '', scope: 'read' },
      { name: '   ', scope: 'read' },
      { name: 'x'.repeat(101), scope: 'read' },
      { name: 'ok', scope: 'admin' },
      { name: 'ok', scope: 'read', extra: 1 },
      { name: 'a\u0000b', scope: 'read' },
    ]) {
      const res = await kit.customer.post('/api/me/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect(await kit.db.select().from(apiKeys)).toHaveLength(before.length);
    expect(
      (await new TestClient(kit.t.app).post('/api/me/api-keys', { name: 'x', scope: 'read' })).statusCode,
    ).toBe(401);
  });

  it('refuses a revoked key from the next request on, and audits the revocation', async () => {
    const created = await createKey(kit.customer, 'Short-lived');
    expect((await withKey(created.key, '/api/v1/panels')).statusCode).toBe(200);

    const revoke = await kit.customer.request({ method: 'DELETE', url: `/api/me/api-keys/${created.id}` });
    expect(revoke.statusCode).toBe(204);
    const refused = await withKey(created.key, '/api/v1/panels');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('unauthorized');
    expect(await auditOf('api_key.revoked', created.id)).toHaveLength(1);

    const listed = (await kit.customer.get('/api/me/api-keys')).json().keys;
    expect(listed.map((k: { id: number }) => k.id)).not.toContain(created.id);
    // Revoking twice is a 404: the key is no longer in force.
    expect(
      (await kit.customer.request({ method: 'DELETE', url: `/api/me/api-keys/${created.id}` })).statusCode,
    ).toBe(404);
  });

  it("cannot revoke another customer's key", async () => {
    const mine = await createKey(kit.customer, 'Mine');
    const { client: other } = await signedInAccount(kit.t.app, kit.db, {
      email: 'dave@example.com',
      role: 'user',
    });
    const res = await other.request({ method: 'DELETE', url: `/api/me/api-keys/${mine.id}` });
    expect(res.statusCode).toBe(404);
    expect((await withKey(mine.key, '/api/v1/panels')).statusCode).toBe(200);
  });

  it('takes keys on /api/v1 only, and never the session there', async () => {
    const adminKey = await createKey(kit.admin, 'Admin automation', 'read_write');
    // An admin's key is not an admin: no admin route (nor any cookie route) accepts it.
    for (const url of ['/api/admin/orders', '/api/admin/stats', '/api/admin/audit', '/api/me/profile']) {
      const res = await withKey(adminKey.key, url);
      expect(res.statusCode, url).toBe(401);
    }
    // The key cannot make more keys.
    const minted = await kit.t.app.inject({
      method: 'POST',
      url: '/api/me/api-keys',
      headers: { authorization: `Bearer ${adminKey.key}` },
      payload: { name: 'more', scope: 'read' },
    });
    expect(minted.statusCode).toBe(401);

    // A signed-in browser without a key gets nothing from /api/v1.
    const cookieOnly = await kit.customer.get('/api/v1/panels');
    expect(cookieOnly.statusCode).toBe(401);
    expect(cookieOnly.json().error.code).toBe('unauthorized');

    for (const header of ['Bearer', 'Bearer phk_short', `Basic ${adminKey.key}`, `Bearer ${adminKey.key}x`]) {
      const res = await kit.t.app.inject({
        method: 'GET',
        url: '/api/v1/panels',
        headers: { authorization: header },
      });
      expect(res.statusCode, header).toBe(401);
    }
  });

  it('keeps an account to a bounded number of keys', async () => {
    const { client } = await signedInAccount(kit.t.app, kit.db, { email: 'erin@example.com', role: 'user' });
    for (let i = 0; i < 25; i++) await createKey(client, `k${i}`);
    const refused = await client.post('/api/me/api-keys', { name: 'one more', scope: 'read' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('too_many_api_keys');
  });
});
