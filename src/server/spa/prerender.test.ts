import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../domain/format';
import { PLANS } from '../../domain/plans';
import { NOT_FOUND_PATH, prerenderedPaths, render } from '../../web/entry-server';
import { builtShell, webAppForSuite } from '../testing/web-app';
import { inlineScriptHashes } from './shell';

const SHELL = builtShell("<script>document.documentElement.classList.toggle('dark',false)</script>");

const web = webAppForSuite(
  { 'index.html': SHELL },
  {
    env: { BRAND_NAME: 'MailDesk', PUBLIC_URL: 'https://mail.example.org' },
    renderer: { render, paths: prerenderedPaths, notFoundPath: NOT_FOUND_PATH },
  },
);

const get = (url: string, headers: Record<string, string> = {}) =>
  web.app.inject({ method: 'GET', url, headers });

describe('prerendered public pages', () => {
  it.each([
    ['/', 'Choose Your Plan', 'Hosted Mailbox Admin Panels | MailDesk'],
    ['/pricing', 'Simple, Transparent Pricing', 'Pricing | MailDesk'],
    ['/help', 'Help Center', 'Help Center | MailDesk'],
  ])(
    '%s holds its heading, plan prices, title and canonical URL without any script running',
    async (path, heading, title) => {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(heading);
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body).not.toContain('Default description.');
      expect(res.body).toContain(`<link rel="canonical" href="https://mail.example.org${path}" />`);
      if (path !== '/help')
        for (const plan of PLANS) expect(res.body).toContain(formatCents(plan.priceCents));
    },
  );

  it('serves the prerendered 404 page with status 404 for unknown paths', async () => {
    const res = await get('/blog');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Oops! Page not found');
    expect(res.body).toContain('Return to Home');
  });

  it('ignores the query string and a trailing slash', async () => {
    expect((await get('/pricing/?ref=mail')).body).toContain('Simple, Transparent Pricing');
  });

  it('sends the page compressed when the client accepts it', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('Choose Your Plan');
    expect((await get('/', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it('keeps the CSP hash of the inline theme script valid on prerendered pages', async () => {
    const res = await get('/');
    for (const hash of inlineScriptHashes(res.body)) {
      expect(String(res.headers['content-security-policy'])).toContain(hash);
    }
  });

  it('leaves signed-in routes to the client (app shell, empty root)', async () => {
    const res = await get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lists the public pages with absolute URLs from PUBLIC_URL', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/pricing', '/help', '/features', '/privacy', '/compliance']) {
      expect(res.body).toContain(`<loc>https://mail.example.org${path}</loc>`);
    }
    expect(res.body).not.toContain('/dashboard');
    expect(res.body).not.toContain('/login');
    // A page whose path holds a parameter is no page a crawler can find: an invitation is one person's.
    expect(res.body).not.toContain('/invitations');
    expect(res.body).not.toContain('/:');
  });

  it('allows the public site, keeps crawlers out of the API and signed-in screens, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain('Disallow: /invitations/');
    expect(res.body).not.toMatch(/^Disallow: \/$/m);
    expect(res.body).not.toContain('Disallow: /pricing');
    expect(res.body).toContain('Sitemap: https://mail.example.org/sitemap.xml');
  });
});
