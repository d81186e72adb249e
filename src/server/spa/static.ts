import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findRoute } from '../../domain/routes';
import { apiNotFoundBody, errorBody } from '../http/errors';
import { replyMethodNotAllowed } from '../http/method-not-allowed';
import { routedPath } from '../http/routed-path';
import type { HtmlPage, PrerenderedPages } from './prerender';
import type { LiveSiteData } from './shell';

/** Sends a prerendered page in the best encoding the client accepts (compressed once per page). */
async function sendPage(request: FastifyRequest, reply: FastifyReply, page: HtmlPage) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .status(page.status)
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  const br = /\bbr\b/.test(accepted);
  if (!br && !/\bgzip\b/.test(accepted)) return reply.send(page.html);
  const compressed = await page.compressed();
  return br
    ? reply.header('content-encoding', 'br').send(compressed.brotli)
    : reply.header('content-encoding', 'gzip').send(compressed.gzip);
}

/**
 * Serves the built web app. Public pages get their prerendered HTML and unknown paths the
 * prerendered 404 page (status 404, so crawlers see it too); other known routes get the app shell.
 * Without a prerenderer (a build without dist/server-render) every page gets the shell.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  shell: string,
  pages?: PrerenderedPages,
  live?: LiveSiteData,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset; the shell is served with SiteInfo filled in.
    // Source maps are never served, even if a build left one here: they publish our sources.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', '**/*.map', 'index.html'],
    // Hashed assets never change; pages must be revalidated.
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const refused = replyMethodNotAllowed(app, request, reply);
    if (refused) return refused;
    const pathname = routedPath(request.url);
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send(apiNotFoundBody(request.method, request.url));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('not_found', 'Not found.'));
    }
    const known = findRoute(pathname);
    if (pages) {
      const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const page = known ? await pages.get(normalized) : await pages.notFound();
      if (page) return sendPage(request, reply, live ? live.page(page) : page);
    }
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(live ? live.shell(shell) : shell);
  });
}
