import type { FastifyPluginAsync } from 'fastify';
import { APP_ROUTES } from '../../domain/routes';

/**
 * Sign-in, password and e-mail preference screens are public but not worth a search result;
 * an invitation page is one person's link, its token a secret.
 */
const NOT_INDEXED = new Set([
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/email-preferences',
  '/invitations/:token',
]);

const hidden = (path: string) => NOT_INDEXED.has(path) || path.includes('/:');

/** The public pages a search engine should know about. */
export function sitemapPaths(): string[] {
  return APP_ROUTES.filter((r) => r.access === 'public' && !hidden(r.path)).map((r) => r.path);
}

export function sitemapXml(publicUrl: string): string {
  const urls = sitemapPaths()
    .map((path) => `  <url><loc>${publicUrl}${path}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  const privatePaths = APP_ROUTES.filter((r) => r.access !== 'public' || r.path.includes('/:')).map((r) =>
    r.path.replace(/\/:.*$/, '/'),
  );
  const disallow = ['/api/', ...new Set(privatePaths)].map((p) => `Disallow: ${p}`).join('\n');
  return `User-agent: *\nAllow: /\n${disallow}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/**
 * robots.txt and sitemap.xml, served by the app because both need absolute URLs from
 * configuration (PUBLIC_URL), which a static file cannot know.
 */
export function seoRoutes(publicUrl: string): FastifyPluginAsync {
  return async (app) => {
    const robots = robotsTxt(publicUrl);
    const sitemap = sitemapXml(publicUrl);
    const headers = { 'cache-control': 'public, max-age=3600' };
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply.headers(headers).type('text/plain; charset=utf-8').send(robots),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
      reply.headers(headers).type('application/xml; charset=utf-8').send(sitemap),
    );
  };
}
