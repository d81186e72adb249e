import type { RouteObject } from 'react-router';
import { placeholderRoute } from '../pages/placeholder';

/** The storefront: public marketing and content pages (spec section 2, D10). */
export const publicRoutes: RouteObject[] = [
  placeholderRoute('/', 'Hosted mailbox admin panels'),
  placeholderRoute('/pricing', 'Simple, Transparent Pricing'),
  placeholderRoute('/help', 'Help Center'),
  placeholderRoute('/features', 'Features'),
  placeholderRoute('/security', 'Security'),
  placeholderRoute('/about', 'About Us'),
  placeholderRoute('/contact', 'Contact'),
  placeholderRoute('/privacy', 'Privacy Policy'),
  placeholderRoute('/terms', 'Terms of Service'),
  placeholderRoute('/refund', 'Refund Policy'),
  placeholderRoute('/compliance', 'Compliance'),
];
