import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type SmtpPeer, startSmtpPeer } from '../testing/smtp-peer';
import { TestClient } from '../testing/test-app';
import { testConfig, testSecrets } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

/* The sign-in code travels over real SMTP to a real peer, and the code it carries signs in. */
let smtp: SmtpPeer;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'PanelHub <no-reply@panelhub.example>',
    }),
    database,
    secrets: testSecrets(),
  });
});

afterAll(async () => {
  await app.close();
  await database.destroy();
  await smtp.close();
});

describe('sign-in code over SMTP', () => {
  it('reaches the SMTP peer and signs the user in', async () => {
    const c = new TestClient(app);
    await c.signUp('Nia', 'nia@example.com', 'password-1');
    expect(
      (
        await c.post('/api/auth/email-otp/send-verification-otp', {
          email: 'nia@example.com',
          type: 'sign-in',
        })
      ).statusCode,
    ).toBe(200);
    // Queued in the outbox and kicked; the sweep that follows has sent it.
    await app.outbox.run();
    const message = smtp.received.find((m) => m.includes('To: nia@example.com'));
    expect(message).toBeDefined();
    const code = /Subject: .*?(\d{6})/.exec(message!)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(
      (await c.post('/api/auth/sign-in/email-otp', { email: 'nia@example.com', otp: code })).statusCode,
    ).toBe(200);
    expect((await c.get('/api/me')).json().user.email).toBe('nia@example.com');
  });
});
