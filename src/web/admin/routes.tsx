import type { RouteObject } from 'react-router';

/**
 * /admin (D11): one route, its views in tabs (?tab=...), so the route list the server
 * shares (src/domain/routes.ts) stays the documented one. The whole console is its own chunk,
 * downloaded only when an admin opens it.
 */
export const adminRoute: RouteObject = {
  path: '/admin',
  lazy: async () => ({ Component: (await import('./admin-page')).default }),
};
