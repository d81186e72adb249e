import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { SiteInfo } from '../../domain/site';
import type { RenderedPage, RenderFunction } from '../../web/entry-server';

/** What the SSR build of src/web/entry-server.tsx exports. */
export interface Renderer {
  render: RenderFunction;
  /** Public pages to prerender. */
  paths: readonly string[];
  /** A path no route matches, whose rendering is the 404 page. */
  notFoundPath: string;
}

/** A finished HTML document, compressed once so each request only picks an encoding. */
export interface HtmlPage {
  status: number;
  html: string;
  /** Its gzip and brotli encodings, made at the first request that wants them, then kept. */
  compressed(): Promise<CompressedPage>;
}

export interface CompressedPage {
  gzip: Buffer;
  brotli: Buffer;
}

const run = promisify(execFile);
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Every public page and the 404 page, rendered with one installation's SiteInfo. */
export interface RenderedSite {
  pages: [path: string, page: RenderedPage][];
  notFound: RenderedPage;
}

export type RenderAll = (site: SiteInfo) => Promise<RenderedSite>;

/** Renders with a renderer loaded in this process (the tests pass the source module). */
export function renderInProcess(renderer: Renderer): RenderAll {
  return async (site) => {
    const pages: [string, RenderedPage][] = [];
    for (const path of renderer.paths) pages.push([path, await renderer.render(path, site)]);
    return { pages, notFound: await renderer.render(renderer.notFoundPath, site) };
  };
}

// Runs in a child process: loads the SSR build, renders every page and prints them as JSON.
const RENDER_SOURCE = `
const [entry, site] = process.argv.slice(1);
// stdout carries the result alone: anything the bundle logs goes to stderr.
console.log = console.info = console.error;
import(entry).then(async (m) => {
  const pages = [];
  for (const path of m.prerenderedPaths) pages.push([path, await m.render(path, JSON.parse(site))]);
  const notFound = await m.render(m.NOT_FOUND_PATH, JSON.parse(site));
  process.stdout.write(JSON.stringify({ pages, notFound }));
});
`;

/** Where `vite build` puts the prerenderer: dist/server-render beside the web root. */
export function rendererEntry(webRoot: string): string {
  return join(webRoot, '..', 'server-render', 'entry-server.js');
}

/**
 * The prerenderer built by `vite build` next to the web root (dist/server-render), run in a
 * short-lived child process: React, the router and the icon set (about 20 MB of the server's
 * idle memory, docs/performance.md) are never loaded into the server, which keeps only the
 * finished documents. A worker thread would not do: its freed memory stays with the process.
 */
export function loadRenderer(webRoot: string): RenderAll | undefined {
  const entry = rendererEntry(webRoot);
  if (!existsSync(entry)) return undefined;
  return async (site) => {
    const { stdout } = await run(
      process.execPath,
      ['-e', RENDER_SOURCE, pathToFileURL(entry).href, JSON.stringify(site)],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return JSON.parse(stdout) as RenderedSite;
  };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

const ROOT = '<div id="root"></div>';

/** Puts a rendered page into the shell: its markup in #root, its title, description and canonical URL. */
export function fillShell(shell: string, page: RenderedPage, canonicalUrl: string | undefined): string {
  if (!shell.includes(ROOT)) throw new Error(`The web shell has no empty ${ROOT} to prerender into.`);
  let html = shell.replace(ROOT, `<div id="root">${page.html}</div>`);
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  if (page.description) {
    html = html.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    );
  }
  const head: string[] = [];
  if (canonicalUrl) head.push(`<link rel="canonical" href="${escapeHtml(canonicalUrl)}" />`);
  if (page.title) head.push(`<meta property="og:title" content="${escapeHtml(page.title)}" />`);
  if (page.description)
    head.push(`<meta property="og:description" content="${escapeHtml(page.description)}" />`);
  if (canonicalUrl) head.push(`<meta property="og:url" content="${escapeHtml(canonicalUrl)}" />`);
  head.push('<meta property="og:type" content="website" />');
  return html.replace('</head>', `    ${head.join('\n    ')}\n  </head>`);
}

/**
 * The strongest settings cost about 50 ms a page: made at boot they held the server's start back
 * by over a second, and made at a request on the event loop they would stall every other one. So
 * a page is compressed on libuv's thread pool, once, when it is first wanted.
 */
export function htmlPage(status: number, html: string): HtmlPage {
  let compressed: Promise<CompressedPage> | undefined;
  const compress = async (): Promise<CompressedPage> => {
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(html, { level: 9 }),
      brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ]);
    return { gzip: gzipped, brotli };
  };
  return {
    status,
    html,
    compressed: () => {
      compressed ??= compress().catch((error: unknown) => {
        compressed = undefined;
        throw error;
      });
      return compressed;
    },
  };
}

export interface PrerenderedPages {
  /** The page for a known public path, or undefined when that path is not prerendered. */
  get(pathname: string): Promise<HtmlPage | undefined>;
  /** The 404 page, served for every unknown path. */
  notFound(): Promise<HtmlPage>;
}

/**
 * Renders every public page once, at boot, with this installation's SiteInfo (brand and
 * contact details are runtime configuration, so a build-time prerender would be wrong), and
 * keeps the finished documents in memory. The footer shows the year, so a new year renders again.
 */
export async function prerenderPages(options: {
  renderAll: RenderAll;
  shell: string;
  site: SiteInfo;
  publicUrl: string;
  now?: () => Date;
}): Promise<PrerenderedPages> {
  const { shell, site, publicUrl } = options;
  const now = options.now ?? (() => new Date());

  async function renderAll() {
    const rendered = await options.renderAll(site);
    const pages = new Map<string, HtmlPage>();
    for (const [path, page] of rendered.pages) {
      pages.set(
        path,
        htmlPage(page.status, fillShell(shell, page, `${publicUrl}${path === '/' ? '/' : path}`)),
      );
    }
    return {
      year: now().getFullYear(),
      pages,
      notFound: htmlPage(404, fillShell(shell, rendered.notFound, undefined)),
    };
  }

  let current = await renderAll();
  // Compressed a moment after boot, one page after another, so the first visitors find them
  // ready without the start waiting for it; a request that comes first compresses its page.
  setTimeout(() => {
    void (async () => {
      for (const page of [...current.pages.values(), current.notFound]) await page.compressed();
    })().catch(() => undefined);
  }, 1000).unref();
  let refreshing: Promise<void> | undefined;
  const fresh = async () => {
    if (current.year === now().getFullYear()) return current;
    refreshing ??= renderAll().then((next) => {
      current = next;
      refreshing = undefined;
    });
    await refreshing;
    return current;
  };

  return {
    get: async (pathname) => (await fresh()).pages.get(pathname),
    notFound: async () => (await fresh()).notFound,
  };
}
