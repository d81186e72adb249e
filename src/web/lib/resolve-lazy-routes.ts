import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy route modules the current URL needs before the router starts. Without this a
 * data router renders nothing while it loads them, which would throw away prerendered HTML
 * (a hydration mismatch) and flash an empty page.
 */
export async function resolveLazyRoutes(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
