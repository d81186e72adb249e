import type { RouteObject } from 'react-router';
import { accountRoutes, accountSignedInRoutes, adminOnly, signedInArea } from './account/routes';
import { adminRoute } from './admin/routes';
import { billingRoute, dashboardRoute, ordersRoute } from './after-purchase/routes';
import { orderRoutes } from './orders/routes';
import { NotFoundPage } from './pages/not-found';
import { publicRoutes } from './public/routes';

/**
 * The route table of spec section 2 (and the content pages of D10), one module per area.
 * It mirrors src/domain/routes.ts, which the server uses for status codes; a test keeps them equal.
 * Pages that need a signed-in user sit inside signedInArea (guard + layout).
 */
export const routes: RouteObject[] = [
  ...publicRoutes,
  ...accountRoutes,
  signedInArea([
    dashboardRoute,
    adminOnly([adminRoute]),
    billingRoute,
    ordersRoute,
    ...orderRoutes,
    ...accountSignedInRoutes,
  ]),
  { path: '*', element: <NotFoundPage /> },
];
