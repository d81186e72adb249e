import type { RouteObject } from 'react-router';
import { accountRoutes, accountSignedInRoutes, adminOnly, signedInArea } from './account/routes';
import { adminRoute } from './admin/routes';
import { billingRoute, dashboardRoute, ordersRoute } from './after-purchase/routes';
import { checkoutRoutes } from './checkout/routes';
import { NotFoundPage } from './pages/not-found';
import { publicRoutes } from './public/routes';
import { withErrorPage } from './ui/route-error';

/**
 * The route table of docs/product.md §2 (and the content pages of D10), one module per area.
 * It mirrors src/domain/routes.ts, which the server uses for status codes; a test keeps them equal.
 * Pages that need a signed-in user sit inside signedInArea (guard + layout). Each area has its
 * own error page, so a failing page leaves the rest of the app, and the layout around it, working;
 * the one around signedInArea catches a failure of the layout itself.
 */
export const routes: RouteObject[] = [
  withErrorPage(publicRoutes),
  withErrorPage(accountRoutes),
  withErrorPage([
    signedInArea([
      withErrorPage([dashboardRoute, billingRoute, ordersRoute]),
      withErrorPage([adminOnly([adminRoute])]),
      withErrorPage(checkoutRoutes),
      withErrorPage(accountSignedInRoutes),
    ]),
  ]),
  { path: '*', element: <NotFoundPage /> },
];
