import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TestClient } from '../testing/test-app';
import { testConfig, testSecrets } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

/* The sign-in code travels over real SMTP to a real peer, and the code it carries signs in. */
const received: string[] = [];
let smtp: SMTPServer;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
      MAIL_FROM: 'PanelHub <no-reply@panelhub.example>',
    }),
    database,
    secrets: testSecrets(),
  });
});

afterAll(async () => {
  await app.close();
  await database.destroy();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
    const message = received.find((m) => m.includes('To: nia@example.com'));
    expect(message).toBeDefined();
    const code = /Subject: .*?(\d{6})/.exec(message!)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(
      (await c.post('/api/auth/sign-in/email-otp', { email: 'nia@example.com', otp: code })).statusCode,
    ).toBe(200);
    expect((await c.get('/api/me')).json().user.email).toBe('nia@example.com');
  });
});
