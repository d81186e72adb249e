/**
 * The app's pages (docs/product.md §2 plus the content pages of D10). The web router and the
 * server's status codes both read this list, so an unknown path is a 404 on both sides.
 */
export type RouteAccess = 'public' | 'user' | 'admin';

export interface AppRoute {
  path: string;
  access: RouteAccess;
}

export const APP_ROUTES = [
  { path: '/', access: 'public' },
  { path: '/login', access: 'public' },
  { path: '/register', access: 'public' },
  { path: '/forgot-password', access: 'public' },
  { path: '/reset-password', access: 'public' },
  // Where an e-mail's preference link lands: one click turns that preference off (no sign-in).
  { path: '/email-preferences', access: 'public' },
  // Where an invitation to a workspace lands: what it offers, then sign up, sign in or join.
  { path: '/invitations/:token', access: 'public' },
  { path: '/pricing', access: 'public' },
  { path: '/help', access: 'public' },
  { path: '/features', access: 'public' },
  { path: '/security', access: 'public' },
  { path: '/about', access: 'public' },
  { path: '/contact', access: 'public' },
  { path: '/privacy', access: 'public' },
  { path: '/terms', access: 'public' },
  { path: '/refund', access: 'public' },
  { path: '/compliance', access: 'public' },
  // The shop's delivery record and stock, for anyone (docs/product.md §10).
  { path: '/status', access: 'public' },
  // The public API and webhooks for people (decisions 0011, 0012); linked from /settings.
  { path: '/docs/api', access: 'public' },
  { path: '/dashboard', access: 'user' },
  { path: '/admin', access: 'admin' },
  { path: '/billing', access: 'user' },
  // Every order of the customer, server-paged (D5); linked from /dashboard and /billing.
  { path: '/orders', access: 'user' },
  { path: '/profile', access: 'user' },
  { path: '/settings', access: 'user' },
  // The workspace's members, invitations and roles; linked from the workspace menu and /settings.
  { path: '/settings/members', access: 'user' },
  { path: '/new-order', access: 'user' },
  { path: '/payment-success', access: 'user' },
  { path: '/payment-canceled', access: 'user' },
  { path: '/checkout/sandbox/:sessionId', access: 'user' },
  { path: '/checkout/manual/:orderId', access: 'user' },
] as const satisfies readonly AppRoute[];

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.split('/');
  if (a.length !== b.length) return false;
  return a.every((segment, i) => (segment.startsWith(':') ? (b[i] ?? '') !== '' : segment === b[i]));
}

export function findRoute(pathname: string): AppRoute | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTES.find((route) => matches(route.path, normalized));
}

/** Where the e-mailed confirmation link lands; /login then says the address is confirmed. */
export const EMAIL_CONFIRMED_LANDING = '/login?confirmed=1';
