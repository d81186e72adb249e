import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createRecordingMailer, TestClient } from './testing/test-app';
import { testConfig, testSecrets } from './testing/test-config';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

/* Logs at the most talkative level never carry a password, a session cookie, a token or an API key. */
const lines: string[] = [];
let database: TestDatabase;
let app: FastifyInstance;
const mailer = createRecordingMailer();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    firstSweepRoundsAfterMs: 0,
    config: testConfig({ LOG_LEVEL: 'trace' }),
    database,
    secrets: testSecrets(),
    mailer,
    logDestination: { write: (line) => lines.push(line) },
  });
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe('logs', () => {
  it('record requests without secrets', async () => {
    const c = new TestClient(app);
    await c.signUp('Log Test', 'log@example.com', 'Very-Secret-Pass-1');
    const signIn = await c.signIn('log@example.com', 'Very-Secret-Pass-1');
    const cookie = signIn.cookies.find((k) => k.name.endsWith('session_token'))?.value ?? '';
    await c.post('/api/auth/request-password-reset', {
      email: 'log@example.com',
      redirectTo: '/reset-password',
    });
    await app.outbox.run();
    const token = /reset-password\/([\w-]+)/.exec(mailer.lastTo('log@example.com')?.text ?? '')?.[1] ?? '';
    await c.get(`/api/auth/reset-password/${token}?callbackURL=%2Freset-password`);
    await c.get('/api/me');
    // An API key: in the answer that creates it and in the Authorization header of each call.
    const apiKey: string =
      (await c.post('/api/me/api-keys', { name: 'Logs', scope: 'read' })).json().key ?? '';
    await app.inject({
      method: 'GET',
      url: '/api/v1/panels',
      headers: { authorization: `Bearer ${apiKey}` },
    });
    await app.inject({
      method: 'GET',
      url: '/api/v1/panels',
      headers: { authorization: `Bearer ${apiKey}x` },
    });

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).toContain('/api/auth/sign-in/email');
    expect(cookie.length).toBeGreaterThan(10);
    expect(token.length).toBeGreaterThan(10);
    expect(apiKey).toMatch(/^phk_/);
    expect(log).toContain('/api/v1/panels');
    const keySecret = apiKey.slice('phk_'.length);
    for (const secret of [
      'Very-Secret-Pass-1',
      cookie,
      decodeURIComponent(cookie).split('.')[0]!,
      token,
      keySecret,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
