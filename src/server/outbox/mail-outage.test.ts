import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { orders, outboxMessages } from '../db/schema';
import { panelsReadyMessage } from '../provisioning/emails';
import { addStock } from '../testing/inventory';
import { type SmtpPeer, startSmtpPeer } from '../testing/smtp-peer';
import { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig, testSecrets } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

/*
 * The mail server goes down: customers still pay, nothing is lost, and when the server is
 * back each queued message arrives once. The app sends over SMTP to a real SMTP peer here,
 * not through a test double.
 */
const where = TEST_DATABASE_NAME;

let peer: SmtpPeer;
let config: Config;
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  peer = await startSmtpPeer();
  database = await createTestDatabase();
  config = testConfig({ SMTP_URL: peer.url, PUBLIC_URL: 'https://shop.panelhub.test' });
  app = await buildApp({
    config,
    database,
    secrets: testSecrets(),
  });
  await app.ready();
  await addStock(database.db, 2);
});
afterAll(async () => {
  await app.close();
  await database.destroy();
  await peer.close();
});

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1];

describe(`mail outage on ${where}`, () => {
  it('takes a paid checkout while SMTP is down and delivers each e-mail once when it is back', async () => {
    const c = new TestClient(app);
    await c.signUp('Olga', 'olga@example.com', 'password-1');
    await c.signIn('olga@example.com', 'password-1');
    const before = peer.received.length;

    await peer.stop();
    const { url, orderId } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'card' })
    ).json();
    const pay = await c.post(`/api/sandbox/sessions/${String(url).split('/').at(-1)}/pay`);
    expect(pay.statusCode).toBe(200);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('completed');

    await app.outbox.run();
    expect(peer.received).toHaveLength(before);
    const queued = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.status, 'pending'));
    expect(queued).toHaveLength(2);
    expect(queued.every((m) => m.attempts >= 1 && m.lastError?.includes('ECONNREFUSED'))).toBe(true);

    await peer.start();
    // Their retry is due in 10 seconds; bring it forward instead of waiting.
    await database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(outboxMessages.status, 'pending'));
    await Promise.all([app.outbox.run(), app.outbox.run()]);
    await app.outbox.run();

    const arrived = peer.received.slice(before);
    expect(arrived.map(subjectOf).sort()).toEqual(
      [`Order ${orderId} confirmed`, panelsReadyMessage(config, order!).subject].sort(),
    );
    for (const raw of arrived) {
      expect(raw).toContain('To: olga@example.com');
      expect(raw).toMatch(/^Message-ID: <outbox\.\d+\.\d+@shop\.panelhub\.test>$/m);
    }
    const rows = await database.db.select().from(outboxMessages);
    expect(rows.filter((m) => m.status !== 'sent')).toEqual([]);
  });
});
