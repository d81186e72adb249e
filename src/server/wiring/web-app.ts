import type { Config } from '../config';
import { siteInfo } from '../site/site-info';
import type { Renderer } from '../spa/prerender';
import { loadWebApp, type WebApp } from '../spa/web-app';

/** A worker serves no pages (docs/decisions/0022-web-and-worker-roles.md). */
export function servedWebRoot(config: Config, webRoot: string | undefined): string | undefined {
  return config.role === 'worker' ? undefined : webRoot;
}

/**
 * Starts rendering the public pages, in a child process (spa/prerender.ts), so that the server
 * opens its database and sets itself up meanwhile; buildApp awaits them only before the routes
 * that serve them. Should something fail before then, that error is the one thrown, and a
 * failure of the pages is not left unhandled.
 */
export function loadWebAppFor(
  config: Config,
  deps: { webRoot?: string | undefined; renderer?: Renderer | undefined },
): Promise<WebApp | undefined> {
  const loading = loadWebApp({
    webRoot: servedWebRoot(config, deps.webRoot),
    renderer: deps.renderer,
    site: siteInfo(config),
    publicUrl: config.publicUrl,
    cacheDir: config.dataDir,
  });
  loading.catch(() => undefined);
  return loading;
}
