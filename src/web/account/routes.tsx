import type { RouteObject } from 'react-router';
import { placeholderRoute } from '../pages/placeholder';

/** Sign-in, sign-up, password reset, profile and settings (spec sections 2, 4, 5; D9). */
export const accountRoutes: RouteObject[] = [
  placeholderRoute('/login', 'Sign in'),
  placeholderRoute('/register', 'Create an account'),
  placeholderRoute('/forgot-password', 'Reset your password'),
  placeholderRoute('/reset-password', 'Choose a new password'),
  placeholderRoute('/profile', 'Your Profile'),
  placeholderRoute('/settings', 'Settings'),
];
