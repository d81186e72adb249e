import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER } from '../../domain/api/provider-events';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { orders, outboxMessages, panels, payments } from '../db/schema';
import { BATCH_SIZE } from '../outbox/delivery';
import { sandboxWebhookSecret, signSandboxEvent } from '../payments/sandbox/events';
import { compiledEntry } from '../testing/compiled-entry';
import { migratedDataDir } from '../testing/data-dir';
import { addStock } from '../testing/inventory';
import { insertCustomer, insertPendingOrder } from '../testing/orders';
import { TEST_PROCESS_FLAGS } from '../testing/process-flags';
import { type SmtpPeer, startSmtpPeer } from '../testing/smtp-peer';
import { testDatabaseUrl } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

/*
 * The real server process, killed with SIGKILL at random moments while a burst of payment
 * events arrives, then started again: every paid order ends with its panels exactly once, one
 * payment each, and every e-mail the outbox holds is delivered. A kill between an SMTP
 * server's "accepted" and our "sent" mark can deliver a message twice; it then carries the
 * same Message-ID. At most the messages in flight at a kill (one claimed batch) can repeat,
 * and every repeat is recognisable (docs/decisions/0007-durable-outbox.md).
 */
const ORDERS = 60;
const QUANTITY = 3;
const KILLS = 3;
const SESSION_SECRET = randomBytes(32).toString('hex');
const PANEL_SECRET_KEY = randomBytes(32).toString('hex');
const onPostgres = Boolean(testDatabaseUrl());

let smtp: SmtpPeer;
let database: TestDatabase | undefined;
let dataDir: string;
let port: number;

/** Opens the database from this process; PGlite allows one process at a time, so only while the server is down. */
async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (database) return work(database);
  const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

function startServer(): { child: ChildProcess; exit: Promise<number | null>; output: () => string } {
  const child = spawn(process.execPath, [...TEST_PROCESS_FLAGS, serverJs], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      TEST_DATABASE_URL: '',
      DEMO_MODE: 'false',
      SESSION_SECRET,
      PANEL_SECRET_KEY,
      SMTP_URL: smtp.url,
    },
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => {
    text += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    text += d.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exit, output: () => text };
}

async function waitForReady(exit: Promise<number | null>, output: () => string): Promise<void> {
  let exited = false;
  void exit.then(() => {
    exited = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

interface Paid {
  orderId: number;
  body: string;
  signature: string;
}

/** Delivers each event until the server takes it (2xx), as a provider retries its webhooks. */
async function deliver(events: Paid[], accepted: Set<number>): Promise<void> {
  await Promise.all(
    events.map(async (event) => {
      if (accepted.has(event.orderId)) return;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/webhooks/sandbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: event.signature },
          body: event.body,
        });
        if (res.ok) accepted.add(event.orderId);
      } catch {
        // the server died under us: the provider tries again later
      }
    }),
  );
}

const messageIds = () =>
  smtp.received.map((raw) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? 'none').filter((id) => id !== 'none');

let serverJs: string;
beforeAll(async () => {
  serverJs = await compiledEntry('scripts/dev-api.ts');
  smtp = await startSmtpPeer();
  dataDir = await migratedDataDir();
  port = 4100 + Math.floor(Math.random() * 400);
  if (onPostgres) database = await createTestDatabase();
});
afterAll(async () => {
  await smtp.close();
  await database?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`a server killed during a burst of payments, on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('restarts into a consistent state: panels exactly once, every e-mail delivered', async () => {
    const secret = sandboxWebhookSecret(SESSION_SECRET);
    const events = await withDatabase(async ({ db }) => {
      await addStock(db, ORDERS * QUANTITY + 10, { key: PANEL_SECRET_KEY });
      const made: Paid[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const customer = await insertCustomer(db);
        const { order, sessionId } = await insertPendingOrder(db, customer.id, { quantity: QUANTITY });
        const { body, signature } = signSandboxEvent(
          {
            id: `evt_crash_${order.id}`,
            type: 'checkout.session.completed',
            data: {
              sessionId,
              orderId: order.id,
              amountCents: order.totalCents,
              chargeId: `ch_crash_${order.id}`,
            },
          },
          secret,
        );
        made.push({ orderId: order.id, body, signature });
      }
      return made;
    });

    const accepted = new Set<number>();
    for (let kill = 0; kill < KILLS; kill++) {
      const server = startServer();
      await waitForReady(server.exit, server.output);
      const burst = deliver(events, accepted);
      await new Promise((r) => setTimeout(r, 30 + kill * 600 + Math.random() * 400));
      server.child.kill('SIGKILL');
      await server.exit;
      await burst;
      // Time passes: the leases the dead process held on outbox rows run out.
      await withDatabase(({ db }) => db.update(outboxMessages).set({ lockedUntil: null }).execute());
    }

    const server = startServer();
    await waitForReady(server.exit, server.output);
    for (let round = 0; round < 20 && accepted.size < ORDERS; round++) await deliver(events, accepted);
    expect(accepted.size).toBe(ORDERS);
    // Every order: "Order confirmed" and "panels ready".
    const expected = ORDERS * 2;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && new Set(messageIds()).size < expected) {
      await new Promise((r) => setTimeout(r, 250));
    }
    server.child.kill('SIGINT');
    await server.exit;

    await withDatabase(async ({ db }) => {
      const rows = await db.select().from(orders);
      expect(rows).toHaveLength(ORDERS);
      for (const order of rows) {
        expect(order.status, `order ${order.id}`).toBe('completed');
        const sold = await db.select().from(panels).where(eq(panels.orderId, order.id));
        expect(sold, `order ${order.id}`).toHaveLength(QUANTITY);
        expect(sold.every((p) => p.soldTo === order.userId && p.status === 'sold')).toBe(true);
        expect(await db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
      }
      const [sold] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(panels)
        .where(eq(panels.status, 'sold'));
      expect(sold?.n).toBe(ORDERS * QUANTITY);

      const queued = await db.select().from(outboxMessages);
      expect(queued).toHaveLength(expected);
      expect(queued.every((m) => m.status === 'sent')).toBe(true);
    });

    const ids = messageIds();
    expect(new Set(ids).size).toBe(expected);
    expect(ids.length - expected).toBeLessThanOrEqual(KILLS * BATCH_SIZE);
  }, 240_000);
});
