import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForSuite } from '../testing/test-app';
import { webAppForSuite } from '../testing/web-app';

// A path the API serves, asked with a method it does not take, is a 405 naming the methods it
// takes (RFC 9110); a path it does not serve stays a 404. Both in the one error shape (D14).

const t = testAppForSuite();
beforeAll(async () => {
  await t.app.ready();
});

describe('405 Method Not Allowed', () => {
  it.each<[string, string, string]>([
    ['DELETE', '/api/checkout', 'POST'],
    ['GET', '/api/me/subscriptions/12/cancel', 'POST'],
    ['POST', '/api/site', 'GET, HEAD'],
    // Routed as the router routes: a %-encoded path and an absolute-form target alike.
    ['PUT', '/%61pi/site', 'GET, HEAD'],
    ['PUT', 'http://localhost/api/site?x=1', 'GET, HEAD'],
  ])('%s %s answers 405 with Allow: %s', async (method, url, allow) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toEqual({
      error: {
        code: 'method_not_allowed',
        message: `This address does not take ${method}; it takes ${allow}.`,
      },
    });
  });

  it('lists every method a path serves', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me/settings' });
    expect(res.statusCode).toBe(405);
    const allow = String(res.headers.allow).split(', ');
    for (const method of allow) {
      expect(t.app.hasRoute({ method, url: '/api/me/settings' }), method).toBe(true);
    }
    expect(allow).toEqual(expect.arrayContaining(['GET', 'PUT']));
  });

  it('keeps 404 for a path no method is served at', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json().error.code).toBe('not_found');
    }
  });
});

describe('405 beside the served web app', () => {
  const web = webAppForSuite({ 'index.html': '<!doctype html><div id="root"></div>', 'assets/app.js': 'x' });
  beforeAll(async () => {
    await web.app.ready();
  });

  it('answers 405 for an API path and a file asked with the wrong method; 404 for unknown ones', async () => {
    const api = await web.app.inject({ method: 'DELETE', url: '/api/checkout' });
    expect([api.statusCode, api.headers.allow]).toEqual([405, 'POST']);
    const file = await web.app.inject({ method: 'POST', url: '/assets/app.js' });
    expect(file.statusCode).toBe(405);
    expect(file.json().error.code).toBe('method_not_allowed');
    expect((await web.app.inject({ method: 'POST', url: '/api/no-such-thing' })).statusCode).toBe(404);
    expect((await web.app.inject({ method: 'POST', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('answers an unknown API path in JSON however its target is written', async () => {
    for (const url of [
      '/%61pi/no-such-thing',
      '/%61pi/no-such-thing?x=%2F',
      'http://localhost/api/no-such-thing',
    ]) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        error: { code: 'not_found', message: 'No API route GET /api/no-such-thing.' },
      });
    }
  });
});
