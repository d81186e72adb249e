import { expect, test } from '@playwright/test';
import { DEMO, signIn, submitPasswordSignIn } from './accounts-helpers';

test('an anonymous visitor is sent to /login and, after signing in, back to the same path and query', async ({
  page,
}) => {
  await page.goto('/billing?x=1');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fbilling%3Fx%3D1$/);
  await submitPasswordSignIn(page, DEMO.customer, DEMO.password);
  await expect(page).toHaveURL(/\/billing\?x=1$/);
});

test('/payment-success keeps its own path and query as the return target', async ({ page }) => {
  await page.goto('/payment-success?session_id=cs_test_1&order_id=42');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).toBe('/payment-success?session_id=cs_test_1&order_id=42');
  await submitPasswordSignIn(page, DEMO.customer, DEMO.password);
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_1&order_id=42$/);
});

test('a return target on another site is ignored', async ({ page, baseURL }) => {
  await page.goto(`/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
  await submitPasswordSignIn(page, DEMO.customer, DEMO.password);
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
});

test('a customer opening /admin lands on /, and sees no Admin link', async ({ page, baseURL }) => {
  await signIn(page, DEMO.customer, DEMO.password);
  const nav = page.getByRole('navigation', { name: 'Account' });
  await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('an admin sees the Admin link and can open /admin', async ({ page }) => {
  await signIn(page, DEMO.admin, DEMO.password);
  const nav = page.getByRole('navigation', { name: 'Account' });
  await nav.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
});
