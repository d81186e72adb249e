import type { RouteObject } from 'react-router';

/** After the purchase (D7, D8). Each page is its own chunk, loaded when first opened; both sit inside signedInArea. */
export const dashboardRoute: RouteObject = {
  path: '/dashboard',
  lazy: async () => ({ Component: (await import('./dashboard/dashboard-page')).default }),
};

export const billingRoute: RouteObject = {
  path: '/billing',
  lazy: async () => ({ Component: (await import('./billing/billing-page')).default }),
};

/** Every order of the customer, paged (D5); linked from /dashboard and /billing. */
export const ordersRoute: RouteObject = {
  path: '/orders',
  lazy: async () => ({ Component: (await import('./orders/orders-page')).default }),
};
