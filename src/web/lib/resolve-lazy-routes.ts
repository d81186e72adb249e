import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy route modules a location needs before the router starts. Without this a
 * data router renders nothing while it loads them, which would throw away prerendered HTML
 * (a hydration mismatch) and flash an empty page.
 */
export async function resolveLazyRoutes(
  routes: RouteObject[],
  location: { pathname: string },
): Promise<void> {
  const matches = matchRoutes(routes, location.pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
