import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './accounts-helpers';

// The documented two sign-out toasts (docs/decisions/0006-spec-texts.md): the tab whose Logout
// button was pressed says 'Logged out successfully'; the browser's other tabs follow with
// 'Signed out successfully', and a public page there goes back to Sign In / Sign Up.

test('logging out in one tab signs the others out, each with its own toast', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, DEMO.customer, DEMO.password);
  await first.goto('/profile');
  const second = await context.newPage();
  await second.goto('/settings');
  await expect(second.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const storefront = await context.newPage();
  await storefront.goto('/features');
  const nav = storefront.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  await first.getByRole('button', { name: 'Log out' }).click();
  await expect(first.getByText('Logged out successfully')).toBeVisible();
  await expect(first.getByText('You have been logged out of your account.')).toBeVisible();
  await expect(first.getByText('Signed out successfully')).toHaveCount(0);
  await expect(first).toHaveURL(/\/login$/);

  await expect(second.getByText('Signed out successfully')).toBeVisible();
  await expect(second.getByText('You were signed out in another tab.')).toBeVisible();
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByText('Logged out successfully')).toHaveCount(0);

  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});
