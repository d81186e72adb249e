import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_DELIVERY_LOG_SIZE } from '../../domain/webhooks';
import { createPanelCipher } from '../crypto/panel-password';
import type { DatabaseHandle } from '../db/client';
import { outboxMessages, webhookEndpoints, webhookMessages } from '../db/schema';
import { orderEventData } from '../testing/order-event-data';
import { insertCustomer } from '../testing/orders';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { anotherConnectionForSuite, testDatabaseForSuite } from '../testing/test-database';
import { WEBHOOK_DISABLE_AFTER_MS } from './backoff';
import { deliverDueWebhooks } from './pool';
import { recordWebhookEvent } from './record';
import { createWebhookService } from './service';
import type { WebhookSweepDeps } from './sweep';
import type { LookupAll } from './url-guard';

/*
 * The delivery sweep against real receivers on 127.0.0.1 (allowed outside production,
 * docs/decisions/0012-webhooks.md), with time moved by the injected clock.
 */
const databaseName = TEST_DATABASE_NAME;
const cipher = createPanelCipher(randomBytes(32).toString('hex'));
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const T0 = new Date('2026-03-02T10:00:00Z');

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver whose answer per request is chosen by `answer` (a status per path and count). */
async function startReceiver(answer: (path: string, nth: number) => number) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString() });
      const nth = received.filter((r) => r.path === path).length;
      res.statusCode = answer(path, nth);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Runs `use` against a fresh receiver, closed afterwards whatever happened. */
async function withReceiver(
  answer: (path: string, nth: number) => number,
  use: (receiver: Receiver) => Promise<void>,
): Promise<void> {
  const receiver = await startReceiver(answer);
  try {
    await use(receiver);
  } finally {
    await receiver.close();
  }
}

/** Verifies as a customer's receiver does, at the moment the attempt was signed. */
function verified(secret: string, r: Received): boolean {
  const seconds = Number(r.headers['webhook-timestamp']);
  vi.useFakeTimers({ now: seconds * 1000, toFake: ['Date'] });
  try {
    new Webhook(secret).verify(r.body, {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  } finally {
    vi.useRealTimers();
  }
}

const database = testDatabaseForSuite();
const second = anotherConnectionForSuite(database);
const messagesOf = (endpointId: number) =>
  database.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpointId));
const endpointRows = (endpointId: number) =>
  database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
let now = T0;
const clock = () => now;

function sweepDeps(db: DatabaseHandle['db'], lookup?: LookupAll): WebhookSweepDeps {
  return {
    db,
    cipher,
    production: false,
    ...(lookup ? { lookup } : {}),
    log: quiet,
    now: clock,
    site: { brandName: 'PanelHub', publicUrl: 'https://panelhub.test' },
    kickMail: () => {},
    timeoutMs: 2_000,
  };
}

const sweep = (lookup?: LookupAll) => deliverDueWebhooks(sweepDeps(database.db, lookup));

async function endpointFor(url: string, events = ['order.paid' as const], lookup?: LookupAll) {
  const owner = await insertCustomer(database.db);
  const service = createWebhookService({
    db: database.db,
    cipher,
    production: false,
    now: clock,
    ...(lookup ? { lookup } : {}),
  });
  const created = await service.create(
    { id: owner.id, email: owner.email, ip: null, workspaceId: owner.workspaceId },
    { url, events },
  );
  return { owner, endpoint: created };
}

/** A receiver answering with `answer`, and a new customer's endpoint at `path` on it. */
async function withEndpoint(
  path: string,
  answer: (path: string, nth: number) => number,
  use: (setup: { receiver: Receiver } & Awaited<ReturnType<typeof endpointFor>>) => Promise<void>,
): Promise<void> {
  await withReceiver(answer, async (receiver) =>
    use({ receiver, ...(await endpointFor(receiver.url(path))) }),
  );
}

const paid = (orderId: number) => orderEventData(orderId, 'paid', T0);

/** Order `orderId` paid, recorded for the endpoints of the owner's workspace in a transaction that commits, now. */
const recordPaid = (workspaceId: string, orderId: number) =>
  database.db.transaction((tx) => recordWebhookEvent(tx, workspaceId, 'order.paid', paid(orderId), now));

const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

describe(`webhook delivery on ${databaseName}`, () => {
  beforeEach(() => {
    now = T0;
  });

  it('retries a failing receiver on the backoff and delivers the event once, signed', async () => {
    await withEndpoint(
      '/hook',
      (_path, nth) => (nth <= 2 ? 503 : 204),
      async ({ receiver, owner, endpoint }) => {
        await recordPaid(owner.workspaceId, 7);

        await sweep();
        expect(receiver.received).toHaveLength(1);
        await sweep();
        expect(receiver.received).toHaveLength(1); // not due before its 5 s
        later(6_000);
        await sweep();
        expect(receiver.received).toHaveLength(2);
        later(4 * 60_000);
        await sweep();
        expect(receiver.received).toHaveLength(2); // the second wait is 5 min
        later(2 * 60_000);
        await sweep();
        await sweep();
        expect(receiver.received).toHaveLength(3);

        const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
        expect(ids.size).toBe(1);
        expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
        for (const r of receiver.received) expect(verified(endpoint.secret, r)).toBe(true);
        expect(JSON.parse(receiver.received[0]!.body)).toEqual({
          type: 'order.paid',
          timestamp: T0.toISOString(),
          workspaceId: owner.workspaceId,
          data: paid(7),
        });
        const [row] = await messagesOf(endpoint.id);
        expect(row).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 204 });
        const [stored] = await endpointRows(endpoint.id);
        expect(stored?.failingSince).toBeNull();
        expect(stored?.secretEncrypted).not.toContain(endpoint.secret.slice(6));
      },
    );
  });

  it('sends nothing for an event whose transaction rolled back', async () => {
    await withEndpoint(
      '/rollback',
      () => 200,
      async ({ receiver, owner, endpoint }) => {
        await expect(
          database.db.transaction(async (tx) => {
            await recordWebhookEvent(tx, owner.workspaceId, 'order.paid', paid(8), now);
            throw new Error('the change failed');
          }),
        ).rejects.toThrow('the change failed');
        await sweep();
        expect(receiver.received).toHaveLength(0);
        const rows = await messagesOf(endpoint.id);
        expect(rows).toHaveLength(0);
      },
    );
  });

  it('keeps each endpoint in order, and two sweeps on two connections send each message once', async () => {
    // The first message of /a fails once: its later messages wait for it.
    await withReceiver(
      (path, nth) => (path === '/a' && nth === 1 ? 500 : 200),
      async (receiver) => {
        const a = await endpointFor(receiver.url('/a'));
        const b = await endpointFor(receiver.url('/b'));
        for (let i = 1; i <= 5; i++) {
          await database.db.transaction(async (tx) => {
            await recordWebhookEvent(tx, a.owner.workspaceId, 'order.paid', paid(100 + i), now);
            await recordWebhookEvent(tx, b.owner.workspaceId, 'order.paid', paid(200 + i), now);
          });
        }
        const two = () =>
          Promise.all([deliverDueWebhooks(sweepDeps(database.db)), deliverDueWebhooks(sweepDeps(second.db))]);
        await two();
        const orderIds = (path: string) =>
          receiver.received
            .filter((r) => r.path === path)
            .map((r) => (JSON.parse(r.body) as { data: { orderId: number } }).data.orderId);
        expect(orderIds('/b')).toEqual([201, 202, 203, 204, 205]);
        expect(orderIds('/a')).toEqual([101]);
        later(10_000);
        await two();
        await two();
        expect(orderIds('/a')).toEqual([101, 101, 102, 103, 104, 105]);
        expect(orderIds('/b')).toEqual([201, 202, 203, 204, 205]);
        // Exactly once per message (the failed first try aside), whatever the interleaving.
        const delivered = receiver.received.map((r) => r.headers['webhook-id']);
        expect(new Set(delivered).size).toBe(10);
      },
    );
  });

  it('disables an endpoint failing for 3 days and queues its owner an e-mail', async () => {
    await withEndpoint(
      '/down',
      () => 500,
      async ({ receiver, owner, endpoint }) => {
        await recordPaid(owner.workspaceId, 9);
        const start = now;
        // Events keep coming, so attempts go on after the first message's last retry; the
        // endpoint goes at the first failure 3 days after the run of failures began.
        while (now.getTime() - start.getTime() <= 2 * WEBHOOK_DISABLE_AFTER_MS) {
          await sweep();
          const [state] = await endpointRows(endpoint.id);
          if (state?.disabledAt) break;
          later(3_600_000);
          if (now.getUTCHours() % 6 === 0) {
            await recordPaid(owner.workspaceId, 10);
          }
        }
        const [state] = await endpointRows(endpoint.id);
        expect(state?.disabledAt).not.toBeNull();
        expect(state!.disabledAt!.getTime() - start.getTime()).toBeGreaterThanOrEqual(
          WEBHOOK_DISABLE_AFTER_MS,
        );
        const waiting = await messagesOf(endpoint.id);
        expect(waiting.every((m) => m.status === 'dead' || m.status === 'delivered')).toBe(true);
        const mail = (await database.db.select().from(outboxMessages)).filter(
          (m) => (m.payload as { to?: string }).to === owner.email,
        );
        expect(mail).toHaveLength(1);
        const text = String((mail[0]!.payload as { text: string }).text);
        expect(text).toContain(`endpoint ${endpoint.id}`);
        expect(text).toContain('delete the endpoint in Settings and add it again');
        expect(text).not.toContain('/down');

        // A disabled endpoint gets no new messages and no more requests.
        const before = receiver.received.length;
        await recordPaid(owner.workspaceId, 11);
        later(86_400_000);
        await sweep();
        expect(receiver.received.length).toBe(before);
      },
    );
  });

  it('does not contact a name that resolves to a refused address at delivery time', async () => {
    await withReceiver(
      () => 200,
      async (receiver) => {
        const port = new URL(receiver.url('/')).port;
        let answer = '93.184.215.14';
        const lookup: LookupAll = async () => [{ address: answer, family: 4 }];
        const { owner, endpoint } = await endpointFor(
          `http://hooks.example.com:${port}/rebind`,
          undefined,
          lookup,
        );
        // Public when saved, private when it is time to send (DNS rebinding).
        answer = '10.0.0.7';
        await recordPaid(owner.workspaceId, 12);
        await sweep(lookup);
        expect(receiver.received).toHaveLength(0);
        const [row] = await messagesOf(endpoint.id);
        expect(row).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null });
        // The customer reads this in the delivery log: not what the name resolved to.
        expect(row?.error).toBe(`destination: hooks.example.com is not a public address`);
      },
    );
  });

  it("keeps an endpoint's latest 100 messages in its log", async () => {
    await withEndpoint(
      '/log',
      () => 200,
      async ({ owner, endpoint }) => {
        await database.db.insert(webhookMessages).values(
          Array.from({ length: 104 }, (_, i) => ({
            endpointId: endpoint.id,
            messageId: `msg_old${i}`,
            eventType: 'order.paid' as const,
            body: '{}',
            status: 'delivered' as const,
            attempts: 1,
          })),
        );
        await recordPaid(owner.workspaceId, 13);
        await sweep();
        const rows = await database.db
          .select({ messageId: webhookMessages.messageId })
          .from(webhookMessages)
          .where(eq(webhookMessages.endpointId, endpoint.id));
        expect(rows).toHaveLength(WEBHOOK_DELIVERY_LOG_SIZE);
        expect(rows.map((r) => r.messageId)).not.toContain('msg_old4');
        expect(rows.map((r) => r.messageId)).toContain('msg_old5');
      },
    );
  });
});
