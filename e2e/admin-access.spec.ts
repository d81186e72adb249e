import { expect, test } from '@playwright/test';
import { signInDemoCustomer } from './orders-helpers';

// /admin is for admins only (docs/product.md §2 and §6).

test('a customer who opens /admin lands on /', async ({ page }) => {
  await page.goto('/');
  await signInDemoCustomer(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeHidden();
});

test('an anonymous visitor who opens /admin is sent to /login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
