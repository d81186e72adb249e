import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { PageMeta } from './meta';
import LandingPage, { meta as landingMeta } from './pages/landing/landing-page';

interface PageModule {
  default: ComponentType;
  meta: PageMeta;
}

/**
 * Each page but the landing page is its own chunk, so a visitor downloads only the page they
 * open. The landing page (and with it the layout and shared components) is in the main bundle:
 * it is the most visited page, and one compressed file is smaller than the same code in a
 * dozen tiny chunks. The server prerenders these paths (entry-server.tsx); the browser loads
 * the matching chunk before hydrating (main.tsx). The page's meta becomes the route handle.
 */
function page(path: string, load: () => Promise<PageModule>): RouteObject {
  return {
    path,
    lazy: async () => {
      const module = await load();
      return { Component: module.default, handle: { meta: module.meta } };
    },
  };
}

/** The storefront: public marketing and content pages (docs/product.md §2, D10). */
export const publicRoutes: RouteObject[] = [
  { path: '/', Component: LandingPage, handle: { meta: landingMeta } },
  page('/pricing', () => import('./pages/pricing-page')),
  page('/help', () => import('./pages/help-page')),
  page('/features', () => import('./pages/features-page')),
  page('/security', () => import('./pages/security-page')),
  page('/about', () => import('./pages/about-page')),
  page('/contact', () => import('./pages/contact/contact-page')),
  page('/privacy', () => import('./pages/privacy-page')),
  page('/terms', () => import('./pages/terms-page')),
  page('/refund', () => import('./pages/refund-page')),
  page('/compliance', () => import('./pages/compliance-page')),
  page('/status', () => import('./pages/status-page')),
  page('/docs/api', () => import('./pages/api-docs/api-docs-page')),
];

/** The paths the server prerenders at boot. */
export const prerenderedPaths: string[] = publicRoutes.flatMap((r) => (r.path ? [r.path] : []));
