import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForSuite } from '../testing/test-app';

// Node's HTTP parser refuses some requests before Fastify sees them; only a real socket
// reaches it (inject does not). Those answers must have the one error shape too (D14).

const t = testAppForSuite();
let base: string;
let port: number;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(base).port);
});

/** A raw request over a socket, for what fetch would refuse to send; the whole answer as text. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const OVER_LIMIT = 'x'.repeat(20 * 1024);

describe("the HTTP parser's refusals in the error shape (D14)", () => {
  it.each<[string, string, Record<string, string>]>([
    ['an over-long URL', `/api/site?q=${OVER_LIMIT}`, {}],
    ['an over-long header', '/api/site', { 'x-filler': OVER_LIMIT }],
  ])('answers %s with 431', async (_, path, headers) => {
    const res = await fetch(`${base}${path}`, { headers });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: { code: 'headers_too_large', message: 'The address or the request headers are too large.' },
    });
  });

  it('answers a request that is not HTTP with 400', async () => {
    const answer = await raw('HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'bad_request', message: 'The request is not valid HTTP.' },
    });
  });
});
