import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_BODY_LIMIT, sendWebhook } from './send';
import { signWebhook } from './signature';

interface Received {
  method: string;
  url: string;
  host: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

// A NUL (which PostgreSQL text refuses) and a two-byte character cut in half at the limit.
const BIG_BODY = `ok\u0000${'é'.repeat(2_000)}`;

const received: Received[] = [];
const open = new Set<ServerResponse>();
let server: Server;
let port: number;

const routes: Record<string, (res: ServerResponse) => void> = {
  '/ok': (res) => res.writeHead(204).end(),
  '/fail': (res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver broke'),
  '/moved': (res) => res.writeHead(302, { location: '/ok' }).end('see /ok'),
  '/slow': (res) => {
    open.add(res);
    setTimeout(() => res.writeHead(200).end('too late'), 2_000).unref();
  },
  '/big': (res) => res.writeHead(200).end(BIG_BODY),
  '/trickle': (res) => {
    open.add(res);
    res.writeHead(200);
    res.write('started');
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        host: req.headers.host,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const body = '{"type":"order.paid","timestamp":"2026-01-01T00:00:00.000Z","data":{"orderId":1}}';
const headers = signWebhook({
  id: 'msg_1',
  timestamp: new Date(),
  body,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
});

function send(path: string, timeoutMs?: number) {
  return sendWebhook({
    url: `http://127.0.0.1:${port}${path}`,
    address: '127.0.0.1',
    headers: { ...headers },
    body,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

describe('sending a webhook', () => {
  it('POSTs the body with the signature headers and reports a 2xx as delivered', async () => {
    const result = await send('/ok');
    expect(result).toMatchObject({ ok: true, status: 204, body: '' });
    const request = received.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/ok', body });
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'webhook-signature': headers['webhook-signature'],
      'webhook-timestamp': headers['webhook-timestamp'],
    });
  });

  it('connects to the checked address while the Host header keeps the URL name', async () => {
    const result = await sendWebhook({
      url: `http://receiver.invalid:${port}/ok`,
      address: '127.0.0.1',
      headers: { ...headers },
      body,
    });
    expect(result).toMatchObject({ ok: true, status: 204 });
    expect(received.at(-1)!.host).toBe(`receiver.invalid:${port}`);
  });

  it('reports a 500 as failed, with what the receiver said', async () => {
    expect(await send('/fail')).toMatchObject({
      ok: false,
      error: 'status',
      status: 500,
      body: 'receiver broke',
    });
  });

  it('does not follow a redirect and counts it as a failure', async () => {
    const before = received.length;
    expect(await send('/moved')).toMatchObject({
      ok: false,
      error: 'redirect',
      status: 302,
      body: 'see /ok',
    });
    expect(received.length).toBe(before + 1);
  });

  it('gives up at the time limit', async () => {
    const result = await send('/slow', 200);
    expect(result).toMatchObject({ ok: false, error: 'timeout' });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
    expect(result.durationMs).toBeLessThan(1_500);
  });

  it('keeps the status of an answer whose body is still coming at the time limit', async () => {
    expect(await send('/trickle', 200)).toMatchObject({ ok: true, status: 200, body: 'started' });
  });

  it('keeps only the first kilobyte of a large answer, storable as text', async () => {
    const result = await send('/big');
    const firstKilobyte = Buffer.from(BIG_BODY).subarray(0, RESPONSE_BODY_LIMIT).toString();
    expect(result).toMatchObject({ ok: true, body: firstKilobyte.replace('\u0000', '\uFFFD') });
    if (result.ok) expect(result.body.endsWith('é\uFFFD')).toBe(true);
  });

  it('reports a refused connection as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await sendWebhook({
      url: `http://127.0.0.1:${closedPort}/`,
      address: '127.0.0.1',
      headers: {},
      body,
    });
    expect(result).toMatchObject({ ok: false, error: 'network', message: 'ECONNREFUSED' });
  });
});
