import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { outboxMessages } from '../db/schema';
import { testPasswordHasher } from '../testing/password-hasher';
import { createRecordingMailer } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig, testSecrets } from '../testing/test-config';
import { anotherConnectionForSuite, testDatabaseForSuite } from '../testing/test-database';

/*
 * What each ROLE builds (docs/decisions/0022-web-and-worker-roles.md), in this process. The
 * real processes side by side on PostgreSQL are src/server/roles.test.ts. On PGlite the roles
 * share the one handle and the worker's wake-up connection has nowhere to go, which it
 * survives: its sweeps poll.
 */
const database = testDatabaseForSuite();
const second = anotherConnectionForSuite(database);
const secrets = testSecrets();
const roleConfig = (role: 'web' | 'worker', extra: Record<string, string> = {}) =>
  testConfig({
    ROLE: role,
    DATABASE_URL: database.url ?? 'postgres://127.0.0.1:1/embedded-stand-in',
    SESSION_SECRET: secrets.sessionSecret,
    PANEL_SECRET_KEY: secrets.panelSecretKey,
    ...extra,
  });
const METRICS_TOKEN = 'roles-test-metrics-token-0123456789';

const opened: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

async function open(
  role: 'web' | 'worker',
  handle: DatabaseHandle = database,
  extra: Record<string, string> = {},
) {
  const mailer = createRecordingMailer();
  const app = await buildApp({
    firstSweepRoundsAfterMs: 0,
    config: roleConfig(role, extra),
    database: handle,
    secrets,
    mailer,
    passwordHasher: testPasswordHasher,
  });
  opened.push(app);
  await app.ready();
  return { app, mailer };
}

describe(`web and worker roles on ${TEST_DATABASE_NAME}`, () => {
  it('a web process queues mail but sends none itself; a worker sends it', async () => {
    const web = await open('web');
    const res = await web.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada', email: 'ada@example.com', subject: 'Roles', message: 'Who sends this?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Time for a kick that wrongly sent it here to have done so.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(web.mailer.sent).toHaveLength(0);
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'email'));
    expect(row?.status).toBe('pending');

    const worker = await open('worker', second);
    await worker.app.outbox.run();
    expect(worker.mailer.sent.map((m) => m.subject)).toEqual(['Contact form: Roles']);
    const [sent] = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, row?.id ?? 0));
    expect(sent?.status).toBe('sent');
  });

  it('a worker answers the health probes and /metrics, and nothing else', async () => {
    const { app } = await open('worker', second, { METRICS_TOKEN });
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers }).then((r) => r.statusCode);
    expect(await get('/api/health')).toBe(200);
    expect(await get('/api/ready')).toBe(200);
    expect(await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).toBe(200);
    expect(await get('/api/site')).toBe(404);
    expect(await get('/api/me')).toBe(404);
    expect(await get('/')).toBe(404);
    const contact = await app.inject({ method: 'POST', url: '/api/contact', payload: {} });
    expect(contact.statusCode).toBe(404);
    expect(contact.json().error.code).toBe('not_found');
  });
});
