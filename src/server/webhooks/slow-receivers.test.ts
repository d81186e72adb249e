import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createPanelCipher, type PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { webhookEndpoints, webhookMessages } from '../db/schema';
import { insertCustomer } from '../testing/orders';
import { createRecordingMailer } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig, testSecrets } from '../testing/test-config';
import { testDatabaseForSuite } from '../testing/test-database';
import { newWebhookMessageId } from './record';
import { createWebhookRunner } from './runner';
import { DEFAULT_TIMEOUT_MS } from './send';
import { createWebhookService, type WebhookService } from './service';
import { claimEndpoints, serveEndpoint } from './sweep';

/*
 * Slow receivers: one customer's endpoints that take almost the whole send timeout
 * to answer delay only themselves, and a shutdown waits for the sends in flight, not for the
 * queue behind them.
 */
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const site = { brandName: 'PanelHub', publicUrl: 'https://panelhub.test' };

interface Arrival {
  path: string;
  messageId: string;
  at: number;
}

/** A receiver on 127.0.0.1 that answers each request after `delayOf(path)` ms. */
async function startReceiver(delayOf: (path: string) => number) {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      arrivals.push({ path, messageId: String(req.headers['webhook-id']), at: performance.now() });
      setTimeout(() => res.end('ok'), delayOf(path));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    arrivals,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function waitFor(condition: () => boolean, withinMs: number): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * `count` endpoints of one new customer at /slow/0, /slow/1, ..., each with `messages` test
 * events queued (written at once, as the test route would one by one).
 */
async function slowCustomer(
  db: Database,
  cipher: PanelCipher,
  url: (path: string) => string,
  count: number,
  messages: number,
) {
  const owner = await insertCustomer(db);
  const service = createWebhookService({ db, cipher, production: false, now: () => new Date() });
  const endpoints: { id: number; path: string; queued: string[] }[] = [];
  for (let i = 0; i < count; i++) {
    const path = `/slow/${i}`;
    const { id } = await service.create(
      { id: owner.id, email: owner.email, ip: null, workspaceId: owner.workspaceId },
      { url: url(path), events: ['order.paid'] },
    );
    const rows = await db
      .insert(webhookMessages)
      .values(
        Array.from({ length: messages }, () => ({
          endpointId: id,
          messageId: newWebhookMessageId(),
          eventType: 'webhook.test' as const,
          body: JSON.stringify({ type: 'webhook.test', data: { endpointId: id } }),
        })),
      )
      .returning({ id: webhookMessages.id, messageId: webhookMessages.messageId });
    const queued = rows.sort((x, y) => x.id - y.id).map((r) => r.messageId);
    endpoints.push({ id, path, queued });
  }
  return { owner, service, endpoints };
}

const database = testDatabaseForSuite();

/** What the sweep is given here: quiet logs, no mail, and the send timeout under test. */
function sweepDeps(cipher: PanelCipher, timeoutMs: number) {
  return {
    db: database.db,
    cipher,
    production: false,
    log: quiet,
    now: () => new Date(),
    site,
    kickMail: () => {},
    timeoutMs,
  };
}

/** Another new customer's endpoint at /fast, whose receiver answers at once. */
async function otherCustomersEndpoint(service: WebhookService, url: (path: string) => string) {
  const other = await insertCustomer(database.db);
  const { id } = await service.create(
    { id: other.id, email: other.email, ip: null, workspaceId: other.workspaceId },
    { url: url('/fast'), events: ['order.paid'] },
  );
  return { workspaceId: other.workspaceId, id };
}

describe(`slow webhook receivers on ${TEST_DATABASE_NAME}`, () => {
  it('serves a claimed endpoint for one send timeout at most, then the least recently served goes first', async () => {
    const receiver = await startReceiver((path) => (path === '/slow/0' ? 1_500 : 0));
    const cipher = createPanelCipher(testSecrets().panelSecretKey);
    const deps = sweepDeps(cipher, 2_500);
    const slow = await slowCustomer(database.db, cipher, receiver.url, 1, 3);
    const other = await otherCustomersEndpoint(slow.service, receiver.url);
    await slow.service.sendTest(other.workspaceId, other.id);
    try {
      const [first] = await claimEndpoints(database.db, 1, new Date());
      expect(first?.id).toBe(slow.endpoints[0]!.id);
      // 1.5 s a send: the second starts within the turn's 2.5 s, a third would start past it.
      const turn = await serveEndpoint(deps, first!, () => false);
      expect(turn.map((a) => a.outcome)).toEqual(['delivered', 'delivered']);
      const [released] = await database.db
        .select({ leaseToken: webhookEndpoints.leaseToken })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, first!.id));
      expect(released?.leaseToken).toBeNull();
      // Its last message is due, but the endpoint not served yet goes first.
      const [next] = await claimEndpoints(database.db, 1, new Date());
      expect(next?.id).toBe(other.id);
      await serveEndpoint(deps, next!, () => false);
      const [last] = await claimEndpoints(database.db, 1, new Date());
      expect(last?.id).toBe(first!.id);
      await serveEndpoint(deps, last!, () => false);
      expect(receiver.arrivals.filter((a) => a.path === '/slow/0').map((a) => a.messageId)).toEqual(
        slow.endpoints[0]!.queued,
      );
    } finally {
      await receiver.close();
    }
  });

  // The report's figures: the production send timeout (10 s), receivers answering after 9.5 s,
  // and another customer's event delivered within 5 s.
  const TIMEOUT_MS = DEFAULT_TIMEOUT_MS;
  const SLOW_MS = 9_500;
  const DELIVERED_WITHIN_MS = 5_000;

  it("delivers another customer's event within the bound while 10 slow endpoints are busy", async () => {
    const receiver = await startReceiver((path) => (path.startsWith('/slow/') ? SLOW_MS : 0));
    const cipher = createPanelCipher(testSecrets().panelSecretKey);
    const runner = createWebhookRunner(sweepDeps(cipher, TIMEOUT_MS));
    const slow = await slowCustomer(database.db, cipher, receiver.url, 10, 20);
    try {
      const other = await otherCustomersEndpoint(slow.service, receiver.url);

      runner.kick();
      expect(await waitFor(() => receiver.arrivals.length >= 10, 3_000)).toBe(true);
      // Each slow endpoint is busy with its oldest message: order per endpoint is kept.
      for (const endpoint of slow.endpoints) {
        expect(receiver.arrivals.filter((a) => a.path === endpoint.path).map((a) => a.messageId)).toEqual([
          endpoint.queued[0],
        ]);
      }

      const queuedAt = performance.now();
      await slow.service.sendTest(other.workspaceId, other.id);
      runner.kick();
      const fastArrived = () => receiver.arrivals.some((a) => a.path === '/fast');
      expect(await waitFor(fastArrived, DELIVERED_WITHIN_MS)).toBe(true);
      const fast = receiver.arrivals.find((a) => a.path === '/fast');
      expect(fast!.at - queuedAt).toBeLessThan(DELIVERED_WITHIN_MS);
    } finally {
      // The receiver first: its dropped connections end the 9.5 s sends still in flight, which
      // the runner's stop would otherwise wait out (the next test is about that wait).
      await receiver.close();
      await runner.stop();
      // What the slow endpoints still have queued is not the next test's business.
      await database.db
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, slow.owner.workspaceId));
    }
  }, 45_000);

  it('shuts down within 15 s with slow sends in flight, and gives their endpoints back at once', async () => {
    const second = await database.openAnother();
    // 9.5 s answers, the production send timeout: what is in flight at shutdown ends late.
    let shuttingDown = false;
    const receiver = await startReceiver(() => (shuttingDown ? 0 : 9_500));
    const secrets = testSecrets();
    const config = testConfig();
    const a = await buildApp({
      firstSweepRoundsAfterMs: 0,
      config,
      database,
      secrets,
      mailer: createRecordingMailer(),
    });
    const b = await buildApp({
      firstSweepRoundsAfterMs: 0,
      config,
      database: second,
      secrets,
      mailer: createRecordingMailer(),
    });
    try {
      // 60 messages queued, as in the report: 6 endpoints with 10 each.
      const slow = await slowCustomer(
        database.db,
        createPanelCipher(secrets.panelSecretKey),
        receiver.url,
        6,
        10,
      );
      await a.ready();
      expect(await waitFor(() => receiver.arrivals.length >= 6, 5_000)).toBe(true);

      const closing = performance.now();
      shuttingDown = true;
      await a.close();
      const closedAfter = performance.now() - closing;
      expect(closedAfter).toBeLessThan(15_000);
      // Nothing new was sent once shutdown began: only the 6 sends in flight.
      expect(receiver.arrivals).toHaveLength(6);
      const leases = await database.db
        .select({ leaseToken: webhookEndpoints.leaseToken })
        .from(webhookEndpoints)
        .where(
          inArray(
            webhookEndpoints.id,
            slow.endpoints.map((e) => e.id),
          ),
        );
      expect(leases.every((row) => row.leaseToken === null)).toBe(true);

      // The other instance takes the endpoints over without waiting for a lease to run out.
      const takeover = performance.now();
      await b.webhooks.run();
      // At once: not after the 60 s a lease of a vanished instance would hold them.
      const firstAfter = receiver.arrivals[6];
      expect(firstAfter!.at - takeover).toBeLessThan(5_000);
      for (const endpoint of slow.endpoints) {
        expect(receiver.arrivals.filter((a) => a.path === endpoint.path).map((a) => a.messageId)).toEqual(
          endpoint.queued,
        );
      }
    } finally {
      await a.close();
      await b.close();
      await receiver.close();
      await second.close();
    }
  }, 40_000);
});
