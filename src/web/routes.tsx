import type { RouteObject } from 'react-router';
import { NotFoundPage } from './pages/not-found';
import { PlaceholderPage } from './pages/placeholder';

/**
 * The route table of spec section 2 (and the content pages of D10). It mirrors
 * src/domain/routes.ts, which the server uses for status codes; a test keeps them equal.
 */
const placeholder = (path: string, title: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} />,
});

export const routes: RouteObject[] = [
  placeholder('/', 'Hosted mailbox admin panels'),
  placeholder('/login', 'Sign in'),
  placeholder('/register', 'Create an account'),
  placeholder('/forgot-password', 'Reset your password'),
  placeholder('/reset-password', 'Choose a new password'),
  placeholder('/pricing', 'Simple, Transparent Pricing'),
  placeholder('/help', 'Help Center'),
  placeholder('/features', 'Features'),
  placeholder('/security', 'Security'),
  placeholder('/about', 'About Us'),
  placeholder('/contact', 'Contact'),
  placeholder('/privacy', 'Privacy Policy'),
  placeholder('/terms', 'Terms of Service'),
  placeholder('/refund', 'Refund Policy'),
  placeholder('/compliance', 'Compliance'),
  placeholder('/dashboard', 'Dashboard'),
  placeholder('/admin', 'Admin Dashboard'),
  placeholder('/billing', 'Billing & Invoices'),
  placeholder('/profile', 'Your Profile'),
  placeholder('/settings', 'Settings'),
  placeholder('/new-order', 'Choose Your Plan'),
  placeholder('/payment-success', 'Payment Processing'),
  placeholder('/payment-canceled', 'Payment Not Completed'),
  placeholder('/checkout/sandbox/:sessionId', 'Checkout'),
  { path: '*', element: <NotFoundPage /> },
];
