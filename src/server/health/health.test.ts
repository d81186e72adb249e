import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_DATABASE_NAME, testConfig, testSecrets } from '../testing/test-config';
import { createTestDatabase } from '../testing/test-database';
import { webAppForSuite } from '../testing/web-app';

const themeScript = "document.documentElement.classList.toggle('dark',false)";
const web = webAppForSuite({
  'index.html': `<!doctype html><html><head><script>${themeScript}</script></head><body><div id="root"></div></body></html>`,
});

describe(`app factory on ${TEST_DATABASE_NAME}`, () => {
  it('answers health and readiness', async () => {
    const health = await web.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await web.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with the JSON error shape', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No API route GET /api/nope.' } });
    const post = await web.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('rejects malformed JSON with a 400 in the error shape', async () => {
    const res = await web.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('error.code');
  });

  it('serves the web app for known routes and the 404 page with status 404 for others', async () => {
    const home = await web.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    expect((await web.app.inject({ method: 'GET', url: '/pricing' })).statusCode).toBe(200);
    const missing = await web.app.inject({ method: 'GET', url: '/blog' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('sends security headers with a CSP that allows exactly the inline theme script', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('publishes the OpenAPI document', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
  });
});

describe('readiness without a database', () => {
  it('reports 503 when the database stops answering', async () => {
    const db = await createTestDatabase();
    const broken = await buildApp({
      firstSweepRoundsAfterMs: 0,
      config: testConfig(),
      database: db,
      secrets: testSecrets(),
    });
    // Started while the database answered (the seller's details are written as it starts).
    await broken.ready();
    await db.close();
    const res = await broken.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('database_unavailable');
    await broken.close();
    await db.destroy();
  });
});
