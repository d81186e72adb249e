import { describe, expect, it } from 'vitest';
import viteConfig from '../../../vite.config';
import { webAppForSuite } from '../testing/web-app';

// Source maps would hand anyone our sources, comments included (docs/security.md): the browser
// build makes none, and the server refuses one that a build or a hand left in the web root.

const MAP = JSON.stringify({ version: 3, sources: ['src/web/secret-source.tsx'], mappings: '' });

const web = webAppForSuite({
  'index.html': '<!doctype html><html><body><div id="root"></div></body></html>',
  'assets/app-1a2b3c.js': 'console.log(1);\n',
  'assets/app-1a2b3c.js.map': MAP,
  'stray.js.map': MAP,
});

describe('source maps', () => {
  it('are not produced by the browser build', () => {
    const config = viteConfig as { environments?: Record<string, { build?: { sourcemap?: unknown } }> };
    expect(config.environments?.client?.build?.sourcemap).toBe(false);
  });

  it('are not served, even when a file is in the web root', async () => {
    expect((await web.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' })).statusCode).toBe(200);
    for (const url of ['/assets/app-1a2b3c.js.map', '/stray.js.map']) {
      for (const encoding of ['identity', 'gzip, br']) {
        const res = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('secret-source');
      }
    }
  });
});
