import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** Each screen is its own chunk, loaded when first opened: the storefront never downloads them. */
function page(path: string, load: () => Promise<{ default: ComponentType }>): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

/** Buying a plan (D5, D6): order, checkout, and the payment result pages. Inside signedInArea. */
export const checkoutRoutes: RouteObject[] = [
  page('/new-order', () => import('./new-order/new-order-page')),
  page('/payment-success', () => import('./payment-result/payment-success-page')),
  page('/payment-canceled', () => import('./payment-result/payment-canceled-page')),
  page('/checkout/sandbox/:sessionId', () => import('./payment/sandbox-checkout-page')),
  page('/checkout/manual/:orderId', () => import('./payment/manual-instructions-page')),
];
