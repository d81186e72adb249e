import { expect, type Page, test } from '@playwright/test';
import { signInDemoCustomer } from './orders-helpers';
import { axeViolations } from './screenshots';

// axe on /dashboard and /billing with the demo customer's data, light and dark, wide and
// narrow (the tables become cards on a phone), plus the loading skeletons.

const ready: Record<string, (page: Page) => Promise<void>> = {
  '/dashboard': (page) => expect(page.getByText('20 panels ready to use')).toBeVisible(),
  '/billing': (page) => expect(page.getByRole('checkbox', { name: 'Select all invoices' })).toBeVisible(),
};

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`axe finds no violations on /dashboard and /billing (${theme}, ${width}px)`, async ({
      browser,
    }, info) => {
      const context = await browser.newContext({
        baseURL: String(info.project.use.baseURL),
        viewport: { width, height: 900 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate((value) => localStorage.setItem('ui-theme', value), theme);
      await signInDemoCustomer(page);
      for (const [path, isReady] of Object.entries(ready)) {
        await page.goto(path);
        await isReady(page);
        expect(await axeViolations(page), `${path} (${theme}, ${width}px)`).toEqual([]);
      }
      await context.close();
    });
  }
}

test('while loading, the pages show placeholders shaped like their content', async ({ page }) => {
  await page.goto('/');
  await signInDemoCustomer(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/me\/(dashboard|billing)$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/dashboard');
  await expect(page.getByRole('status', { name: 'Loading your admin panels' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading your orders' })).toBeVisible();
  await page.screenshot({
    path: 'test-results/screenshots/dashboard-loading-1280-light.png',
    fullPage: true,
  });

  await page.goto('/billing');
  await expect(page.getByRole('group', { name: 'Last Purchase' })).toContainText('Loading...');
  await expect(page.getByRole('status', { name: 'Loading your purchase history' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/billing-loading-1280-light.png', fullPage: true });

  release();
  await expect(page.getByRole('group', { name: 'Last Purchase' })).not.toContainText('Loading...');
});
