import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * Every account screen is its own chunk, loaded when first opened, so public pages never
 * download forms, schemas or the QR encoder.
 */
function page(path: string, load: () => PageModule): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

/** A pathless route that wraps its children in a guard or layout, loaded on demand too. */
function wrapper(load: () => Promise<ComponentType>, children: RouteObject[]): RouteObject {
  return { lazy: async () => ({ Component: await load() }), children };
}

/**
 * Sign-in, sign-up, password reset (docs/product.md §2, §4, §5; D9), an e-mail's preference link
 * and an invitation to a workspace.
 */
export const accountRoutes: RouteObject[] = [
  wrapper(
    async () => (await import('../layout/guards')).GuestOnly,
    [
      page('/login', () => import('./login/login-page')),
      page('/register', () => import('./register/register-page')),
    ],
  ),
  page('/forgot-password', () => import('./password-reset/forgot-password-page')),
  page('/reset-password', () => import('./password-reset/reset-password-page')),
  page('/email-preferences', () => import('./email-preferences/email-preferences-page')),
  page('/invitations/:token', () => import('./invitations/invitation-page')),
];

/** The account pages behind sign-in; routes.tsx puts them inside signedInArea. */
export const accountSignedInRoutes: RouteObject[] = [
  page('/profile', () => import('./profile/profile-page')),
  page('/settings', () => import('./settings/settings-page')),
  page('/settings/members', () => import('./members/members-page')),
];

/** Guard + signed-in layout around `children` (spec "Route guard behaviour", signed-in layout). */
export const signedInArea = (children: RouteObject[]): RouteObject =>
  wrapper(async () => (await import('../layout/signed-in-area')).default, children);

/** Inside signedInArea: non-admins are sent to / (docs/product.md §6). */
export const adminOnly = (children: RouteObject[]): RouteObject =>
  wrapper(async () => (await import('../layout/guards')).RequireAdmin, children);
