import { expect, test } from '@playwright/test';
import { adminApi } from './after-purchase-helpers';
import { axeViolations } from './screenshots';

const ANONYMOUS = [
  { path: '/login', heading: 'Welcome back' },
  { path: '/register', heading: 'Create an account' },
  { path: '/forgot-password', heading: 'Reset your password' },
  { path: '/reset-password', heading: 'Link expired' },
];
const SIGNED_IN = [
  { path: '/profile', heading: 'Your Profile' },
  { path: '/settings', heading: 'Settings' },
];

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on the account screens (${theme})`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    // The admin account: the customer's sign-ins are spent by other journeys (10 per 15 minutes).
    const api = await adminApi(String(baseURL));
    const session = await api.storageState();
    await api.dispose();

    for (const [pages, storageState] of [
      [ANONYMOUS, undefined],
      [SIGNED_IN, session],
    ] as const) {
      const context = await browser.newContext({
        reducedMotion: 'reduce',
        ...(storageState ? { storageState } : {}),
      });
      await context.addInitScript((value) => localStorage.setItem('ui-theme', value), theme);
      const page = await context.newPage();
      for (const { path, heading } of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        expect(await axeViolations(page), `${path} (${theme})`).toEqual([]);
      }
      await context.close();
    }
  });
}

test('form errors, the OTP tab, dialogs and the mobile menu have no violations', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();

  await page.goto('/register');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Full Name is required.')).toBeVisible();
  expect(await axeViolations(page), 'register errors').toEqual([]);

  await page.goto('/login');
  await page.getByRole('tab', { name: 'OTP' }).click();
  expect(await axeViolations(page), 'OTP tab').toEqual([]);

  const api = await adminApi(String(baseURL));
  await context.addCookies((await api.storageState()).cookies);
  await api.dispose();

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await axeViolations(page), 'mobile menu').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  expect(await axeViolations(page), 'delete dialog').toEqual([]);
  await context.close();
});
