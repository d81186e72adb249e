import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../domain/sandbox-clock';
import type { RenderFunction } from '../../web/entry-server';
import { addToOffset } from '../clock/offset';
import { builtShell, webAppForSuite } from '../testing/web-app';

const render: RenderFunction = async (path) => ({
  html: `<p>${path}</p>`,
  status: path === '/__not-found__' ? 404 : 200,
  title: undefined,
  description: undefined,
});

const web = webAppForSuite(
  { 'index.html': builtShell() },
  { renderer: { render, paths: ['/'], notFoundPath: '/__not-found__' } },
);

const siteData = (html: string) => {
  const json = /<script id="site-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  return json ? JSON.parse(json) : undefined;
};
const get = (url: string, headers: Record<string, string> = {}) =>
  web.app.inject({ method: 'GET', url, headers });

describe('the site facts in the served pages follow the sandbox clock', () => {
  it('embeds the offset as it is now in the app shell and in the prerendered pages, compressed too', async () => {
    expect(siteData((await get('/admin')).body).sandboxClock).toEqual({ offsetMs: 0 });
    expect(siteData((await get('/')).body).sandboxClock).toEqual({ offsetMs: 0 });

    await addToOffset(web.database.db, 2 * DAY_MS);

    // Another instance moved it: pages served after a second show it.
    await vi.waitFor(
      async () => expect(siteData((await get('/admin')).body).sandboxClock).toEqual({ offsetMs: 2 * DAY_MS }),
      { timeout: 5_000, interval: 250 },
    );
    const page = await get('/');
    expect(page.body).toContain('<p>/</p>');
    expect(siteData(page.body).sandboxClock).toEqual({ offsetMs: 2 * DAY_MS });
    const gzipped = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(siteData(gunzipSync(gzipped.rawPayload).toString('utf8')).sandboxClock).toEqual({
      offsetMs: 2 * DAY_MS,
    });
    expect(siteData((await get('/no-such-page')).body).sandboxClock).toEqual({ offsetMs: 2 * DAY_MS });
  });
});
