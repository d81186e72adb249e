import { lazy, Suspense } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import type { FrameProps, SiteNavigation } from './public/layout/site-navigation';
import { isPageMeta, type PageMeta } from './public/meta';

// The signed-in frame (sidebar, account bar, Log out) and everything it needs is its own chunk.
const SignedInPublicPage = lazy(() => import('./layout/signed-in-public-page'));

function useRoutePageMeta(): PageMeta | undefined {
  const handle = useMatches().at(-1)?.handle as { meta?: unknown } | undefined;
  return isPageMeta(handle?.meta) ? handle.meta : undefined;
}

function SignedInFrame({ storefront, children }: FrameProps) {
  return (
    <Suspense fallback={storefront}>
      <SignedInPublicPage storefront={storefront}>{children}</SignedInPublicPage>
    </Suspense>
  );
}

/** The storefront inside the app: the router's links, location and route handles. */
export const routerNavigation: SiteNavigation = {
  Link,
  useLocation,
  usePageMeta: useRoutePageMeta,
  SignedInFrame,
};
