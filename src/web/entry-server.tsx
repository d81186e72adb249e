/**
 * Prerendering (D13): the server imports the SSR build of this module at boot and renders
 * each public page once with the installation's real SiteInfo, so visitors and crawlers get
 * the page's text and links before any JavaScript runs. The browser then hydrates it (main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { SiteInfo } from '../domain/site';
import { AppProviders } from './app-providers';
import { createQueryClient } from './lib/query-client';
import { plainNavigation, SiteNavigationProvider } from './public/layout/site-navigation';
import { documentTitle, isPageMeta } from './public/meta';
import { prerenderedPaths, standalonePage } from './public/page-list';
import { routerNavigation } from './router-navigation';
import { routes } from './routes';
import { SiteProviders } from './site-providers';

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** 200 for a known page, 404 for the not-found page. */
  status: number;
  title: string | undefined;
  description: string | undefined;
}

export type RenderFunction = (url: string, site: SiteInfo) => Promise<RenderedPage>;

const handler = createStaticHandler(routes);

/** Same title as the 404 page sets in the browser (usePageTitle). */
const NOT_FOUND_META = { title: 'Page not found', description: 'This page does not exist.' };

/** A path no route matches: its rendering is the 404 page served for every unknown path. */
export const NOT_FOUND_PATH = '/__not-found__';

/** A page the browser hydrates on its own (start-site.tsx), rendered with the same tree. */
async function renderStandalone(
  load: NonNullable<ReturnType<typeof standalonePage>>,
  path: string,
  site: SiteInfo,
): Promise<RenderedPage> {
  const { default: Page, meta } = await load();
  const navigation = plainNavigation({ pathname: path, hash: '' }, meta);
  const html = renderToString(
    <SiteProviders site={site}>
      <SiteNavigationProvider value={navigation}>
        <Page />
      </SiteNavigationProvider>
    </SiteProviders>,
  );
  return { html, status: 200, title: documentTitle(meta, site.brandName), description: meta.description };
}

export const render: RenderFunction = async (url, site) => {
  const standalone = standalonePage(new URL(url, 'http://prerender.invalid').pathname);
  if (standalone) return renderStandalone(standalone, url, site);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  // No route has a loader that redirects, so query() always yields a context; guard anyway.
  if (context instanceof Response) throw new Error(`Cannot prerender ${url}: got a response`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProviders queryClient={createQueryClient()} site={site}>
      {/* No hydration data: the routes have no loaders, and it would need an inline script. */}
      <SiteNavigationProvider value={routerNavigation}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SiteNavigationProvider>
    </AppProviders>,
  );
  const handle = context.matches.at(-1)?.route.handle as { meta?: unknown } | undefined;
  const meta = isPageMeta(handle?.meta) ? handle.meta : undefined;
  // The catch-all route renders the 404 page; for the router that is a match (200).
  const status = context.matches.at(-1)?.route.path === '*' ? 404 : context.statusCode;
  const pageMeta = meta ?? (status === 404 ? NOT_FOUND_META : undefined);
  return {
    html,
    status,
    title: pageMeta ? documentTitle(pageMeta, site.brandName) : undefined,
    description: pageMeta?.description,
  };
};

export { prerenderedPaths };
