import type { SiteInfo } from '../../domain/site';
import {
  loadRenderer,
  type PrerenderedPages,
  prerenderPages,
  type Renderer,
  rendererEntry,
  renderInProcess,
} from './prerender';
import { buildIdentity, cachedRenderAll } from './render-cache';
import { readShell } from './shell';

/** The built web app as served: its folder, its page shell and, with a prerenderer, the public pages. */
export interface WebApp {
  root: string;
  shell: string;
  pages: PrerenderedPages | undefined;
}

/**
 * Reads the shell and prerenders the public pages once, at boot. Undefined without a web root
 * or without a shell in it: the server then answers the API alone.
 */
export async function loadWebApp(options: {
  webRoot?: string | undefined;
  /** Defaults to the SSR build beside the web root (dist/server-render). */
  renderer?: Renderer | undefined;
  site: SiteInfo;
  publicUrl: string;
  /** Where the built prerenderer's pages are kept between starts (spa/render-cache.ts). */
  cacheDir?: string | undefined;
}): Promise<WebApp | undefined> {
  const { webRoot, renderer, site, publicUrl, cacheDir } = options;
  const shell = webRoot ? readShell(webRoot, site) : undefined;
  if (!webRoot || !shell) return undefined;
  const built = renderer ? undefined : loadRenderer(webRoot);
  const renderAll = renderer
    ? renderInProcess(renderer)
    : built && cacheDir
      ? cachedRenderAll(built, { dir: cacheDir, build: await buildIdentity(rendererEntry(webRoot)) })
      : built;
  const pages = renderAll ? await prerenderPages({ renderAll, shell, site, publicUrl }) : undefined;
  return { root: webRoot, shell, pages };
}
