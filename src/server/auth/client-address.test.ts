import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { auditLog } from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

const database = TEST_DATABASE_NAME;

describe('TRUST_PROXY', () => {
  it('reads a hop count or a list of addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});

/** Signs in with a forged X-Forwarded-For and returns the address the audit log recorded. */
async function recordedAddress(t: TestApp, email: string, forwardedFor: string): Promise<string | null> {
  const c = new TestClient(t.app);
  await c.signUp('Spoof', email, 'password-1');
  const res = await c.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password: 'password-1' },
  });
  expect(res.statusCode).toBe(200);
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorEmail, email));
  return rows.at(-1)?.ip ?? null;
}

describe(`a client-set X-Forwarded-For on ${database}`, () => {
  let untrusting: TestApp;
  let oneHop: TestApp;
  beforeAll(async () => {
    untrusting = await createTestApp({
      NODE_ENV: 'production',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      PUBLIC_URL: 'http://localhost',
      SESSION_SECRET: 'x'.repeat(32),
      PANEL_SECRET_KEY: 'a'.repeat(64),
    });
    oneHop = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await untrusting.close();
    await oneHop.close();
  });

  it('is ignored without a trusted proxy, even in production', async () => {
    expect(await recordedAddress(untrusting, 'spoof-a@example.com', '6.6.6.6')).toBe('127.0.0.1');
  });

  it('gives only the hop our proxy added when one proxy is trusted', async () => {
    // The client wrote 6.6.6.6; our proxy appended the address it saw (203.0.113.9).
    expect(await recordedAddress(oneHop, 'spoof-b@example.com', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('cannot escape the per-IP limit by changing the header', async () => {
    const c = new TestClient(oneHop.app);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await c.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.10` },
        payload: { email: `nobody-${i}@example.com`, password: 'password-1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
