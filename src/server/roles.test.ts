import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER } from '../domain/api/provider-events';
import { monthlyTotalCents } from '../domain/pricing';
import { type DatabaseHandle, openDatabase } from './db/client';
import { newSandboxEventId, sandboxWebhookSecret } from './payments/sandbox/events';
import { signPayload } from './payments/sandbox/signature';
import { compiledEntry } from './testing/compiled-entry';
import { addStock } from './testing/inventory';
import { TEST_PROCESS_FLAGS } from './testing/process-flags';
import { type SmtpPeer, startSmtpPeer } from './testing/smtp-peer';
import { testDatabaseUrl } from './testing/test-config';

/*
 * The production layout (docs/decisions/0022-web-and-worker-roles.md): two web and two worker
 * processes, each the real server, on one fresh PostgreSQL database they migrate themselves.
 * A burst of checkouts paid through the sandbox's page and through its signed webhook (each
 * sent to both web processes at once, as a provider's redelivery may land) must allocate, mail
 * and call each customer's webhook exactly once; then every process stops within 15 s of
 * SIGTERM, a worker in the middle of slow webhook sends included, and nothing it held is lost.
 * PostgreSQL only: the embedded database serves one process.
 */
const adminUrl = testDatabaseUrl();
// Few customers: signing up and in is scrypt's work, the slowest step of all. Each one's
// orders at once differ in size: a second checkout of the same selection reuses the first.
const CUSTOMERS = 4;
const SIZES: readonly number[] = [0, 1, 2, 3, 4];
const ROUNDS = 2;
const ORDERS = CUSTOMERS * SIZES.length * ROUNDS;
const PANELS = CUSTOMERS * ROUNDS * SIZES.reduce((sum, extra) => sum + 1 + extra, 0);
const LATE_ORDERS = 4;
const STOCK = PANELS + LATE_ORDERS + 5;
const EVENTS = ['order.created', 'order.paid', 'order.completed'] as const;

const sessionSecret = randomBytes(32).toString('hex');
const panelKey = randomBytes(32).toString('hex');
const dbName = `panelhub_roles_test_${randomBytes(4).toString('hex')}`;

interface Proc {
  role: 'web' | 'worker';
  port: number;
  child: ChildProcess;
  output: () => string;
  exit: Promise<number>;
}

/** Receives customers' webhooks: every delivery by its webhook-id, answering after `delayMs`. */
function webhookReceiver() {
  const received: string[] = [];
  let delayMs = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      setTimeout(() => res.end('ok'), delayMs).unref();
    });
  });
  return {
    received,
    server,
    slowDown: (ms: number) => {
      delayMs = ms;
    },
  };
}

let dataDir: string;
// Compiled once (testing/compiled-entry.ts): four processes each compiling through the
// TypeScript loader took over a minute to start on a busy machine.
let compiledServer: string;
let url: string;
let db: DatabaseHandle;
let smtp: SmtpPeer;
const hooks = webhookReceiver();
let hooksUrl: string;
const procs: Proc[] = [];

/** Every process has the one public address, as behind a load balancer. */
function start(role: Proc['role'], port: number, publicUrl: string): Proc {
  const child = spawn(process.execPath, [...TEST_PROCESS_FLAGS, compiledServer], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '8',
      TEST_DATABASE_URL: '',
      DATA_DIR: dataDir,
      DEMO_MODE: 'off',
      SESSION_SECRET: sessionSecret,
      PANEL_SECRET_KEY: panelKey,
      SMTP_URL: smtp.url,
      RATE_LIMIT_MULTIPLIER: '1000',
      LOG_LEVEL: 'warn',
    },
  });
  let text = '';
  const collect = (d: Buffer) => {
    text += d.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exit = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  const proc = { role, port, child, output: () => text, exit };
  procs.push(proc);
  return proc;
}

async function waitForReady(proc: Proc): Promise<void> {
  const deadline = Date.now() + 90_000;
  let exited = false;
  void proc.exit.then(() => {
    exited = true;
  });
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`http://127.0.0.1:${proc.port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${proc.role} on ${proc.port} did not become ready:\n${proc.output()}`);
}

/** A customer's cookie jar over the web processes, each request to the next one in turn. */
class Customer {
  private readonly cookies = new Map<string, string>();
  private turn: number;
  constructor(
    private readonly webs: Proc[],
    first: number,
  ) {
    this.turn = first;
  }
  async post(path: string, body?: unknown, on?: Proc) {
    const proc = on ?? this.webs[this.turn++ % this.webs.length]!;
    const res = await fetch(`http://127.0.0.1:${proc.port}${path}`, {
      method: 'POST',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${text}`);
    return text === '' ? null : JSON.parse(text);
  }
}

/** A signed sandbox 'checkout completed' event, posted to every web process at once. */
async function paidEverywhere(
  webs: Proc[],
  order: { orderId: number; sessionId: string; additionalPanels: number },
) {
  const body = JSON.stringify({
    id: newSandboxEventId(),
    type: 'checkout.session.completed',
    data: {
      orderId: order.orderId,
      sessionId: order.sessionId,
      amountCents: monthlyTotalCents('basic', order.additionalPanels),
      chargeId: `ch_roles_${order.orderId}`,
    },
  });
  const signature = signPayload(body, sandboxWebhookSecret(sessionSecret));
  const answers = await Promise.all(
    webs.map((proc) =>
      fetch(`http://127.0.0.1:${proc.port}/api/webhooks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        body,
      }),
    ),
  );
  for (const res of answers) expect(res.status, await res.text()).toBeLessThan(300);
}

const scalar = async (text: string) => Number((await db.query<{ n: string }>(text)).rows[0]?.n);

/** Until the workers have applied an order's payment (or the deadline). */
async function paidOrLater(orderId: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await db.query<{ status: string }>('select status from orders where id = $1', [orderId]);
    if (rows[0]?.status !== 'pending_payment') return;
    if (Date.now() > deadline) throw new Error(`order ${orderId} still waits for its payment`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Until every order is complete and nothing is left to send (or the deadline). */
async function settled(orders: number, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const [completed, outbox, webhooks] = await Promise.all([
      scalar(`select count(*) as n from orders where status = 'completed'`),
      scalar(`select count(*) as n from outbox_messages where status <> 'sent'`),
      scalar(`select count(*) as n from webhook_messages where status <> 'delivered'`),
    ]);
    if (completed === orders && outbox === 0 && webhooks === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `not settled: ${completed}/${orders} orders complete, ${outbox} e-mails and ${webhooks} webhooks unsent`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every e-mail row sent once and received once; every webhook row delivered once and received once. */
async function expectEachOnce() {
  const mail = (
    await db.query<{ id: string; attempts: number; status: string }>(
      `select id, attempts, status from outbox_messages where kind in ('email', 'document_email')`,
    )
  ).rows;
  expect(mail.length).toBeGreaterThanOrEqual(2 * ORDERS);
  expect(mail.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
  const received = smtp.received.map((raw) => /^Message-ID: <outbox\.(\d+)\./im.exec(raw)?.[1]);
  expect(received.toSorted()).toEqual(mail.map((m) => String(m.id)).toSorted());

  const messages = (
    await db.query<{ message_id: string; attempts: number; status: string }>(
      `select message_id, attempts, status from webhook_messages`,
    )
  ).rows;
  expect(messages.every((m) => m.status === 'delivered' && m.attempts === 1)).toBe(true);
  expect(hooks.received.toSorted()).toEqual(messages.map((m) => m.message_id).toSorted());
}

describe.runIf(adminUrl)('two web and two worker processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const target = new URL(adminUrl ?? '');
    target.pathname = `/${dbName}`;
    url = target.toString();
    dataDir = await mkdtemp(join(tmpdir(), 'panelhub-roles-'));
    compiledServer = await compiledEntry('scripts/dev-api.ts');
    smtp = await startSmtpPeer();
    await new Promise<void>((resolve) => hooks.server.listen(0, '127.0.0.1', resolve));
    hooksUrl = `http://127.0.0.1:${(hooks.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const proc of procs) proc.child.kill('SIGKILL');
    await db?.close();
    hooks.server.closeAllConnections();
    await new Promise((resolve) => hooks.server.close(resolve));
    await smtp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('allocates, mails and calls webhooks exactly once, and every process stops within 15 s of SIGTERM', async () => {
    const base = 4100 + Math.floor(Math.random() * 800);
    const publicUrl = `http://127.0.0.1:${base}`;
    // All four at once on a database with no tables: one migrates under the lock, the others wait.
    const [webA, webB, workerA, workerB] = [
      start('web', base, publicUrl),
      start('web', base + 1, publicUrl),
      start('worker', base + 2, publicUrl),
      start('worker', base + 3, publicUrl),
    ] as [Proc, Proc, Proc, Proc];
    await Promise.all(procs.map(waitForReady));
    const webs = [webA, webB];
    db = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
    await addStock(db.db, STOCK, { key: panelKey });

    // A worker's port answers the probes and nothing else; a web process serves the API.
    for (const worker of [workerA, workerB]) {
      expect((await fetch(`http://127.0.0.1:${worker.port}/api/health`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${worker.port}/api/site`)).status).toBe(404);
    }
    expect((await fetch(`http://127.0.0.1:${webB.port}/api/site`)).status).toBe(200);

    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, i) => {
        const customer = new Customer(webs, i);
        const email = `roles-${i}@example.com`;
        await customer.post('/api/auth/sign-up/email', { name: `Roles ${i}`, email, password: 'password-1' });
        await customer.post('/api/auth/sign-in/email', { email, password: 'password-1' });
        await customer.post('/api/me/webhooks', { url: `${hooksUrl}/c${i}`, events: EVENTS });
        return customer;
      }),
    );

    const checkout = async (customer: Customer, additionalPanels: number) => {
      const { url: page, orderId } = await customer.post('/api/checkout', {
        planId: 'basic',
        additionalPanels,
        method: 'card',
      });
      return { orderId: Number(orderId), sessionId: String(page).split('/').at(-1) ?? '', additionalPanels };
    };
    await Promise.all(
      customers.map(async (customer, c) => {
        for (let round = 0; round < ROUNDS; round++) {
          await Promise.all(
            SIZES.map(async (extra) => {
              const order = await checkout(customer, extra);
              // Half paid on the sandbox's page (clicked on both web processes), half by its webhook.
              if ((c + round + extra) % 2 === 0) {
                await Promise.all(
                  webs.map((web) =>
                    customer.post(`/api/sandbox/sessions/${order.sessionId}/pay`, undefined, web),
                  ),
                );
              } else {
                await paidEverywhere(webs, order);
              }
              // The provider's webhook is answered before the workers apply it; until then the
              // order waits for payment, and the next round's checkout of the same size would
              // reuse it, as a customer's second checkout of an unpaid selection does.
              await paidOrLater(order.orderId);
            }),
          );
        }
      }),
    );
    await settled(ORDERS, 30_000);

    const perOrder = (
      await db.query<{ quantity: number; panels: string; payments: string }>(`
        select o.quantity,
          (select count(*) from admin_panel_inventory p where p.order_id = o.id) as panels,
          (select count(*) from payments y where y.order_id = o.id) as payments
        from orders o`)
    ).rows;
    expect(perOrder).toHaveLength(ORDERS);
    expect(perOrder.every((o) => Number(o.panels) === o.quantity && Number(o.payments) === 1)).toBe(true);
    expect(await scalar(`select count(*) as n from admin_panel_inventory where status = 'available'`)).toBe(
      STOCK - PANELS,
    );
    expect(await scalar(`select count(*) as n from webhook_messages`)).toBe(ORDERS * EVENTS.length);
    await expectEachOnce();

    // Slow receivers, so a worker holds webhook sends when its SIGTERM comes: it finishes them
    // and hands the endpoints back, and the other worker delivers the rest.
    hooks.slowDown(1_500);
    const late = customers.slice(0, LATE_ORDERS);
    await Promise.all(late.map(async (customer) => paidEverywhere(webs, await checkout(customer, 0))));
    await new Promise((r) => setTimeout(r, 700));
    const stoppedAt = Date.now();
    workerA.child.kill('SIGTERM');
    expect(await workerA.exit, workerA.output()).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    await settled(ORDERS + LATE_ORDERS, 30_000);
    await expectEachOnce();

    const signalledAt = Date.now();
    for (const proc of [webA, webB, workerB]) proc.child.kill('SIGTERM');
    for (const proc of [webA, webB, workerB]) {
      expect(await proc.exit, `${proc.role} on ${proc.port}:\n${proc.output()}`).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(15_000);
    }
  }, 150_000);
});
