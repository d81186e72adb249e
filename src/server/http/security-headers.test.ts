import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'sha256-abc='"],
      upgradeInsecureRequests: [],
    },
  },
  hsts: true,
};

/** What Helmet's own middleware sets on a real response of Node's HTTP server. */
async function helmetOnARealResponse(options: HelmetOptions): Promise<IncomingHttpHeaders> {
  const middleware = helmet(options);
  const server = createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return Object.fromEntries(res.headers);
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it("are exactly the ones Helmet's middleware sets", async () => {
    const real = await helmetOnARealResponse(OPTIONS);
    const ours = securityHeaders(OPTIONS);
    for (const [name, value] of Object.entries(ours)) expect(real[name], name).toBe(value);
    const helmetNames = Object.keys(real).filter(
      (name) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
    );
    expect(Object.keys(ours).sort()).toEqual(helmetNames.sort());
    expect(ours['strict-transport-security']).toMatch(/max-age=/);
    expect(ours['content-security-policy']).toContain("script-src 'self' 'sha256-abc='");
  });

  it('go on every answer: a route, a 404 and a thrown error', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    const expected = securityHeaders(OPTIONS);
    for (const url of ['/ok', '/missing', '/boom']) {
      const res = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    await app.close();
  });
});
