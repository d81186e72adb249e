import type { ComponentType } from 'react';
import type { PageMeta } from './meta';
import LandingPage, { meta as landingMeta } from './pages/landing/landing-page';

export interface PageModule {
  default: ComponentType;
  meta: PageMeta;
}

export interface PublicPage {
  path: string;
  load: () => Promise<PageModule>;
  /** It loads data through the app's query cache, so it never runs without the app. */
  needsApp?: boolean;
}

/**
 * Each page but the landing page is its own chunk, so a visitor downloads only the page they
 * open. The landing page (and with it the layout and shared components) is in the main bundle:
 * it is the most visited page, and one compressed file is smaller than the same code in a
 * dozen tiny chunks. The server prerenders these paths (entry-server.tsx); the browser loads
 * the matching chunk before hydrating.
 */
export const PAGES: PublicPage[] = [
  { path: '/', load: async () => ({ default: LandingPage, meta: landingMeta }) },
  { path: '/pricing', load: () => import('./pages/pricing-page') },
  { path: '/help', load: () => import('./pages/help-page') },
  { path: '/features', load: () => import('./pages/features-page') },
  { path: '/security', load: () => import('./pages/security-page') },
  { path: '/about', load: () => import('./pages/about-page') },
  { path: '/contact', load: () => import('./pages/contact/contact-page') },
  { path: '/privacy', load: () => import('./pages/privacy-page') },
  { path: '/terms', load: () => import('./pages/terms-page') },
  { path: '/refund', load: () => import('./pages/refund-page') },
  { path: '/compliance', load: () => import('./pages/compliance-page') },
  { path: '/status', load: () => import('./pages/status-page'), needsApp: true },
  { path: '/docs/api', load: () => import('./pages/api-docs/api-docs-page'), needsApp: true },
];

/** The paths the server prerenders at boot. */
export const prerenderedPaths: string[] = PAGES.map((page) => page.path);

/**
 * The page at `path` when it can run without the app (start-site.tsx): no router, no query
 * cache; undefined for any other path.
 */
export function standalonePage(path: string): (() => Promise<PageModule>) | undefined {
  const page = PAGES.find((candidate) => candidate.path === path && !candidate.needsApp);
  return page?.load;
}
