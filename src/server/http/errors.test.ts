import Fastify, { type InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForSuite } from '../testing/test-app';
import { MAX_PARAM_LENGTH, registerErrorHandling } from './errors';

// Fastify refuses some requests before any route, schema or handler of ours runs. Those
// answers must have the one error shape too (D14), with a code a client can act on.

const t = testAppForSuite();
beforeAll(async () => {
  await t.app.ready();
});

const send = (options: InjectOptions) => t.app.inject(options);

const json = (payload: string, contentType = 'application/json'): InjectOptions => ({
  method: 'POST',
  url: '/api/contact',
  headers: { 'content-type': contentType },
  payload,
});

describe('framework errors in the error shape (D14)', () => {
  it.each<[string, InjectOptions, number, string]>([
    [
      'an over-long path parameter',
      { method: 'GET', url: `/api/orders/${'1'.repeat(MAX_PARAM_LENGTH + 1)}/status` },
      414,
      'uri_too_long',
    ],
    ['a malformed %-escape in the path', { method: 'GET', url: '/api/orders/%zz/status' }, 400, 'bad_url'],
    [
      'a body over the 1 MB limit',
      json(JSON.stringify({ message: 'x'.repeat(1024 * 1024) })),
      413,
      'payload_too_large',
    ],
    [
      'a content type the API does not read',
      json('<contact/>', 'application/xml'),
      415,
      'unsupported_media_type',
    ],
    ['malformed JSON', json('{"name":'), 400, 'invalid_json'],
    ['an empty JSON body', json(''), 400, 'invalid_json'],
    ['a prototype-poisoning JSON body', json('{"__proto__":{"admin":true}}'), 400, 'invalid_json'],
  ])('%s', async (_, options, status, code) => {
    const res = await send(options);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
    // Our words, not Fastify's (which echo the path or name its internals).
    expect(res.json().error.message).not.toMatch(/FST_|%zz|1111111111/);
  });
});

describe('a client error raised without one of our codes', () => {
  it("answers a listed code by its status, never the raiser's own", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/fail/:status', async (request) => {
      const { status } = request.params as { status: string };
      throw Object.assign(new Error('Refused.'), { statusCode: Number(status), code: 'FST_ERR_SOMETHING' });
    });
    const codes: Record<number, string> = {};
    for (const status of [404, 405, 418, 429]) {
      const res = await app.inject({ method: 'GET', url: `/fail/${status}` });
      expect(res.statusCode).toBe(status);
      codes[status] = res.json().error.code;
    }
    expect(codes).toEqual({
      404: 'not_found',
      405: 'method_not_allowed',
      418: 'bad_request',
      429: 'rate_limited',
    });
    await app.close();
  });
});
