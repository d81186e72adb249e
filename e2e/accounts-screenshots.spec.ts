import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO } from './accounts-helpers';

/**
 * Screenshots of the account screens for a person to look at (not compared automatically):
 * 1280 and 375 wide, light and dark, written to test-results/screenshots/ (never committed).
 */
const PAGES = [
  { path: '/login', heading: 'Welcome back', signedIn: false },
  { path: '/register', heading: 'Create an account', signedIn: false },
  { path: '/profile', heading: 'Your Profile', signedIn: true },
  { path: '/settings', heading: 'Settings', signedIn: true },
] as const;
const WIDTHS = [1280, 375] as const;
const THEMES = ['light', 'dark'] as const;

/** Dialogs slide and fade in; shoot the settled frame. */
const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));

// One sign-in for all shots: sign-ins per e-mail are rate limited.
let session: Awaited<ReturnType<APIRequestContext['storageState']>>;
test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const signIn = await api.post('/api/auth/sign-in/email', {
    data: { email: DEMO.customer, password: DEMO.password },
  });
  expect(signIn.status()).toBe(200);
  session = await api.storageState();
  await api.dispose();
});

// One test per theme and width, so a slow machine retries a quarter of the shots, not all.
for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test(`account screens at ${width}, ${theme}`, async ({ browser }) => {
      test.setTimeout(90_000);
      for (const signedIn of [false, true]) {
        const context = await browser.newContext({
          viewport: { width, height: width === 375 ? 812 : 900 },
          ...(signedIn ? { storageState: session } : {}),
        });
        await context.addInitScript((value) => localStorage.setItem('ui-theme', value), theme);
        const page = await context.newPage();
        for (const entry of PAGES.filter((p) => p.signedIn === signedIn)) {
          await page.goto(entry.path);
          await expect(page.getByRole('heading', { name: entry.heading, level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          await page.screenshot({
            path: `test-results/screenshots/${entry.path.slice(1)}-${width}-${theme}.png`,
            fullPage: true,
          });
        }
        if (signedIn && width === 375) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          await settle(page);
          await page.screenshot({ path: `test-results/screenshots/mobile-menu-${theme}.png` });
          await page.keyboard.press('Escape');
        }
        if (signedIn) {
          await page.getByRole('button', { name: 'Delete Account' }).click();
          await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
          await settle(page);
          await page.screenshot({ path: `test-results/screenshots/delete-dialog-${width}-${theme}.png` });
        }
        await context.close();
      }
    });
  }
}
