import { expect, test } from '@playwright/test';
import { collectErrors, PUBLIC_PAGES, waitForHydration } from './public-helpers';

test('every navigation and footer link lands on a real page', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = await page
    .locator('header nav a, footer a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const internal = [...new Set(hrefs.filter((href) => href.startsWith('/')))];
  // Nav: logo, Pricing, Features, Support, Sign In, Sign Up. Footer: the three groups (D10).
  expect(internal).toEqual(
    expect.arrayContaining([
      '/',
      '/pricing',
      '/features',
      '/help',
      '/login',
      '/register',
      '/security',
      '/about',
      '/contact',
      '/privacy',
      '/terms',
      '/refund',
      '/compliance',
      '/status',
    ]),
  );
  expect(internal).not.toContain('/blog');
  expect(internal).not.toContain('/careers');

  for (const href of internal) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    await page.goto(href);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' }), href).toHaveCount(0);
    await expect(page.locator('h1').first(), href).toBeVisible();
  }
});

test('links inside the app navigate without a reload, and each page opens at its top', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page).toHaveTitle('Privacy Policy | PanelHub');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('every public page hydrates without errors and has its own title and description', async ({ page }) => {
  const errors = collectErrors(page);
  const titles = new Set<string>();
  for (const { path, heading } of PUBLIC_PAGES) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    titles.add(await page.title());
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /.{40,}/);
  }
  expect(titles.size).toBe(PUBLIC_PAGES.length);
  expect(errors).toEqual([]);
});

test('the landing page scrolls to the top on load', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/blog');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});
