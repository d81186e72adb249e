import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { findRoute } from '../../domain/routes';
import {
  SITE_DATA_ELEMENT_ID,
  SITE_DATA_PLACEHOLDER,
  type SiteInfo,
  serializeForScript,
} from '../../domain/site';
import { apiNotFoundBody, errorBody } from '../http/errors';

/** sha256 sources for the inline scripts of the built pages, so the CSP can allow exactly them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  // Scripts with a src are covered by 'self'; JSON data scripts never execute.
  for (const match of html.matchAll(
    /<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** The built index.html with this installation's SiteInfo embedded, read once at boot. */
export function readShell(webRoot: string, site: SiteInfo): string | undefined {
  const file = join(webRoot, 'index.html');
  if (!existsSync(file)) return undefined;
  const element = `<script id="${SITE_DATA_ELEMENT_ID}" type="application/json">${serializeForScript(site)}</script>`;
  return readFileSync(file, 'utf8').replace(SITE_DATA_PLACEHOLDER, element);
}

/**
 * Serves the built web app. A known route gets the app shell; an unknown path gets the shell
 * with status 404 so the app shows its 404 page and crawlers see the right status.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string, shell: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send(apiNotFoundBody(request.method, request.url));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('not_found', 'Not found.'));
    }
    return reply
      .status(findRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shell);
  });
}
