import type { RouteObject } from 'react-router';
import { PAGES } from './page-list';
import LandingPage, { meta as landingMeta } from './pages/landing/landing-page';

/** The storefront: public marketing and content pages (docs/product.md §2, D10). The page's meta becomes the route handle. */
export const publicRoutes: RouteObject[] = PAGES.map(({ path, load }) =>
  path === '/'
    ? { path, Component: LandingPage, handle: { meta: landingMeta } }
    : {
        path,
        lazy: async () => {
          const module = await load();
          return { Component: module.default, handle: { meta: module.meta } };
        },
      },
);
