import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../testing/accounts';
import { testAppForSuite } from '../testing/test-app';
import { testConfig } from '../testing/test-config';

const t = testAppForSuite();

const SETTINGS = {
  emailNotifications: true,
  marketingEmails: false,
  orderUpdates: true,
  sessionTimeout: true,
};
const CHANGED = { ...SETTINGS, marketingEmails: true };

/**
 * Raw requests on a real socket: the request target is sent exactly as written (percent-escapes
 * and absolute-form included), as an attacker's page or tool would send it.
 */
function raw(port: number, method: string, target: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the Origin check reads the request as the router does', () => {
  let port = 0;
  let cookie = '';

  beforeAll(async () => {
    const { client } = await signedInAccount(t.app, t.database.db, {
      email: 'csrf@example.com',
      role: 'user',
    });
    const signIn = await client.signIn('csrf@example.com', 'password-1');
    cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.app.server.close();
  });

  const settings = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/me/settings', headers: { cookie } })).json();

  it.each([
    ['the plain path', '/api/me/settings'],
    ['a percent-encoded first segment', '/%61pi/me/settings'],
    ['a wholly percent-encoded segment', '/%61%70%69/me/settings'],
    ['an encoded later segment', '/api/%6De/settings'],
    ['the absolute form', 'http://localhost/api/me/settings'],
    ['the absolute form with an encoded path', 'http://localhost/%61pi/me/settings'],
  ])('refuses a cross-site write through %s and changes nothing', async (_label, target) => {
    const body = JSON.stringify(CHANGED);
    const headers = { cookie, origin: 'https://evil.example', 'content-type': 'application/json' };
    const res = await raw(port, 'PUT', target, headers, body);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.code).toBe('forbidden_origin');
    expect(await settings()).toEqual(SETTINGS);

    const fetchSiteOnly = await raw(
      port,
      'PUT',
      target,
      { cookie, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body,
    );
    expect(fetchSiteOnly.status).toBe(403);
    expect(await settings()).toEqual(SETTINGS);
  });

  it('lets the same write through from our own origin, so the refusals above are the check', async () => {
    const ours = new URL(testConfig().publicUrl).origin;
    const res = await raw(
      port,
      'PUT',
      '/%61pi/me/settings',
      { cookie, origin: ours, 'content-type': 'application/json' },
      JSON.stringify(CHANGED),
    );
    expect(res.status).toBe(200);
    expect(await settings()).toEqual(CHANGED);
    await t.app.inject({ method: 'PUT', url: '/api/me/settings', headers: { cookie }, payload: SETTINGS });
  });
});
