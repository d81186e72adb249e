import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../domain/webhooks';
import { orders } from '../db/schema';
import { signedUpClient } from '../testing/accounts';
import { addStock } from '../testing/inventory';
import { createTestApp, type TestApp, type TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { WRONG_TOKEN_LIMIT } from './metrics-route';
import { sampleOf } from './scrape-text';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const HOUR = 3_600_000;

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not exist: 404 as any unknown path, with or without a bearer', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-path' });
    const bare = await t.app.inject({ method: 'GET', url: '/metrics' });
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(bare.statusCode).toBe(404);
    expect(bearer.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    for (const res of [bare, bearer]) expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe(`GET /metrics with METRICS_TOKEN, on ${TEST_DATABASE_NAME}`, () => {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  let t: TestApp;
  let customer: TestClient;
  let receiver: Server;
  let receiverStatus = 503;
  const logLines: string[] = [];

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  /** A paid sandbox card order: checkout, then the sandbox's pay button. */
  const buy = async () => {
    const res = await customer.post('/api/checkout', {
      planId: 'basic',
      additionalPanels: 0,
      method: 'card',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, orderId } = res.json() as { url: string; orderId: number };
    const paid = await customer.post(`/api/sandbox/sessions/${url.split('/').at(-1)}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    return orderId;
  };

  const statusOf = async (orderId: number) => {
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    return order?.status;
  };

  /** Allocation runs after the payment's commit, in the background. */
  const settled = async (orderId: number, status: string) => {
    for (let i = 0; i < 100 && (await statusOf(orderId)) !== status; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await statusOf(orderId)).toBe(status);
  };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = receiverStatus;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    // One panel in stock: the first order takes it, the second waits for more.
    t = await createTestApp(
      { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
      { clock, logDestination: { write: (line) => logLines.push(line) } },
    );
    await t.app.ready();
    await addStock(t.database.db, 1, { key: t.secrets.panelSecretKey });
    customer = await signedUpClient(t.app, 'Metrics Customer', 'metrics-customer@example.com');
    const port = (receiver.address() as AddressInfo).port;
    const created = await customer.post('/api/me/webhooks', {
      url: `http://127.0.0.1:${port}/events`,
      events: [...WEBHOOK_EVENT_TYPES],
    });
    expect(created.statusCode, created.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('refuses a missing, malformed or wrong bearer with 401, in constant time', async () => {
    for (const authorization of [
      undefined,
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      'Bearer ',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('refuses an address that sent too many wrong tokens with 429, never the token holder', async () => {
    const wrong = { authorization: `Bearer ${TOKEN}-wrong` };
    const statuses: number[] = [];
    for (let i = 0; i <= WRONG_TOKEN_LIMIT.limit; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/metrics', headers: wrong })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers: wrong });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    const scraper = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scraper.statusCode).toBe(200);
  });

  it('labels requests by the routed pattern, never the raw URL, and unknown paths with one label', async () => {
    await t.app.inject({ method: 'GET', url: '/api/sandbox/sessions/cs_raw_label_probe' });
    await t.app.inject({ method: 'GET', url: '/no/such/path-raw-label-probe?q=1' });
    await t.app.inject({ method: 'GET', url: '/another/unknown-raw-label-probe' });
    await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const text = await scrape();
    // Even a route added before any other part of the app.
    expect(
      sampleOf(text, 'http_request_duration_seconds_count', { route: '/api/openapi.json', status: '200' }),
    ).toBe(1);
    expect(text).not.toContain('raw_label_probe');
    expect(text).not.toContain('raw-label-probe');
    expect(
      sampleOf(text, 'http_request_duration_seconds_count', {
        route: '/api/sandbox/sessions/:sessionId',
        method: 'GET',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(text, 'http_request_duration_seconds_count', {
        route: 'unmatched',
        method: 'GET',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('shows each named series, and they move after a payment', async () => {
    const before = await scrape();
    const checkouts = (text: string) =>
      sampleOf(text, 'http_request_duration_seconds_count', {
        route: '/api/checkout',
        method: 'POST',
        status: '200',
      }) ?? 0;
    const webhook = { kind: 'webhook' };
    expect(sampleOf(before, 'panelhub_panels_in_stock')).toBe(1);
    expect(sampleOf(before, 'panelhub_orders_waiting_for_stock')).toBe(0);
    expect(sampleOf(before, 'panelhub_outbox_pending', webhook)).toBe(0);
    expect(sampleOf(before, 'panelhub_outbox_oldest_age_seconds', webhook)).toBe(0);
    expect(sampleOf(before, 'panelhub_webhook_deliveries_total', { result: 'retry' })).toBe(0);
    for (const kind of ['email', 'stripe_credit', 'document_email', 'stripe_quantity']) {
      expect(sampleOf(before, 'panelhub_outbox_pending', { kind }), kind).toBeDefined();
    }

    const first = await buy();
    await settled(first, 'completed');
    const second = await buy();
    await settled(second, 'paid');
    // The receiver answers 503: each endpoint's first message fails and waits for its retry.
    await t.app.webhooks.run();
    await t.drainOutbox();
    const after = await scrape();

    expect(checkouts(after)).toBe(checkouts(before) + 2);
    expect(sampleOf(after, 'panelhub_panels_in_stock')).toBe(0);
    expect(sampleOf(after, 'panelhub_orders_waiting_for_stock')).toBe(1);
    expect(sampleOf(after, 'panelhub_panels_short')).toBe(1);
    expect(sampleOf(after, 'panelhub_outbox_pending', webhook)).toBeGreaterThan(0);
    expect(sampleOf(after, 'panelhub_outbox_oldest_age_seconds', webhook)).toBeGreaterThanOrEqual(0);
    expect(sampleOf(after, 'panelhub_webhook_deliveries_total', { result: 'retry' })).toBeGreaterThan(0);
    for (const sweep of ['outbox', 'fulfillment', 'webhook']) {
      const success = sampleOf(after, 'panelhub_sweep_last_success_timestamp_seconds', { sweep });
      expect(success, sweep).toBeGreaterThan(
        sampleOf(before, 'panelhub_sweep_last_success_timestamp_seconds', { sweep }) ?? 0,
      );
      expect(
        sampleOf(after, 'panelhub_sweep_last_duration_seconds', { sweep }),
        sweep,
      ).toBeGreaterThanOrEqual(0);
      expect(sampleOf(after, 'panelhub_sweep_failures_total', { sweep }), sweep).toBe(0);
    }
    if (TEST_DATABASE_NAME === 'PostgreSQL') {
      expect(sampleOf(after, 'panelhub_db_pool_in_use')).toBeGreaterThanOrEqual(0);
      expect(sampleOf(after, 'panelhub_db_pool_max')).toBeGreaterThan(0);
    } else {
      // The embedded database has no pool to report on.
      expect(sampleOf(after, 'panelhub_db_pool_in_use')).toBeUndefined();
    }

    // The receiver is back; once the retries are due they are delivered and the queue empties.
    receiverStatus = 200;
    offsetMs += HOUR;
    await t.app.webhooks.run();
    const delivered = await scrape();
    expect(sampleOf(delivered, 'panelhub_webhook_deliveries_total', { result: 'delivered' })).toBeGreaterThan(
      0,
    );
    expect(sampleOf(delivered, 'panelhub_outbox_pending', webhook)).toBe(0);
  });

  it('never writes the token to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    const joined = logLines.join('\n');
    expect(joined).not.toContain(TOKEN);
    expect(joined).not.toContain(TOKEN.slice(0, -1));
  });
});
