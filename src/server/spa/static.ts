import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findRoute } from '../../domain/routes';
import {
  SITE_DATA_ELEMENT_ID,
  SITE_DATA_PLACEHOLDER,
  type SiteInfo,
  serializeForScript,
} from '../../domain/site';
import { apiNotFoundBody, errorBody } from '../http/errors';
import { replyMethodNotAllowed } from '../http/method-not-allowed';
import { type HtmlPage, htmlPage, type PrerenderedPages } from './prerender';

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

const siteDataElement = (site: SiteInfo) =>
  `<script id="${SITE_DATA_ELEMENT_ID}" type="application/json">${serializeForScript(site)}</script>`;

/** The built index.html with this installation's SiteInfo embedded, read once at boot. */
export function readShell(webRoot: string, site: SiteInfo): string | undefined {
  const file = join(webRoot, 'index.html');
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').replace(SITE_DATA_PLACEHOLDER, siteDataElement(site));
}

/** The served documents as SiteInfo is now, from the documents made at boot. */
export interface LiveSiteData {
  shell(bootShell: string): string;
  page(bootPage: HtmlPage): HtmlPage;
}

/**
 * The shell and the prerendered pages carry the SiteInfo of boot, but part of it moves while
 * the server runs (the sandbox clock's offset). A document is served as made at boot while
 * nothing moved; after a change it is rewritten, and compressed again, once per change and
 * document, not per request. Its element is JSON, which the content security policy's script
 * hashes leave out, so the policy still holds.
 */
export function liveSiteData(bootSite: SiteInfo, currentSite: () => SiteInfo): LiveSiteData {
  const boot = siteDataElement(bootSite);
  let current = { element: boot, shell: new Map<string, string>(), pages: new WeakMap<HtmlPage, HtmlPage>() };
  const now = () => {
    const element = siteDataElement(currentSite());
    if (element !== current.element) current = { element, shell: new Map(), pages: new WeakMap() };
    return current;
  };
  return {
    shell(bootShell) {
      const { element, shell } = now();
      if (element === boot) return bootShell;
      let served = shell.get(bootShell);
      if (served === undefined) {
        served = bootShell.replace(boot, element);
        shell.set(bootShell, served);
      }
      return served;
    },
    page(bootPage) {
      const { element, pages } = now();
      if (element === boot) return bootPage;
      let served = pages.get(bootPage);
      if (!served) {
        served = htmlPage(bootPage.status, bootPage.html.replace(boot, element));
        pages.set(bootPage, served);
      }
      return served;
    },
  };
}

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
    const pathname = request.url.split('?')[0] ?? '/';
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
