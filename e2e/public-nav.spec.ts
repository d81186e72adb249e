import { expect, test } from '@playwright/test';
import { waitForHydration } from './public-helpers';

test('the navigation turns opaque after scrolling 21px and not before', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const header = page.locator('header').first();
  const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);

  await expect(header).toHaveAttribute('data-scrolled', 'false');
  expect(await background()).toBe('rgba(0, 0, 0, 0)');

  await page.evaluate(() => window.scrollTo(0, 20));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(20);
  // Give a scroll event every chance to arrive before asserting nothing changed.
  await page.waitForTimeout(150);
  await expect(header).toHaveAttribute('data-scrolled', 'false');

  await page.evaluate(() => window.scrollTo(0, 21));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(background).not.toBe('rgba(0, 0, 0, 0)');

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
});

test.describe('at 375px wide', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu opens and closes', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    // The desktop links are hidden at this width.
    await expect(page.locator('header nav').getByRole('link', { name: 'Sign In' })).toBeHidden();
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Pricing', 'Features', 'Support', 'Sign In', 'Sign Up']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    // Escape closes it too, and following a link closes it and navigates.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    await expect(page.locator('[aria-controls]').first()).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the theme persists across reloads under ui-theme, with no flash of the light theme', async ({
  page,
}) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page
    .locator('header')
    .getByRole('button', { name: /^Light theme/ })
    .click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('dark');

  // Record the class at DOMContentLoaded, before any module script has run.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded =
        document.documentElement.classList.contains('dark');
    });
  });
  await page.reload();
  expect(
    await page.evaluate(
      () => (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded,
    ),
  ).toBe(true);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.locator('header').getByRole('button', { name: /^Dark theme/ })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
    'rgb(255, 255, 255)',
  );
});

test("'Get Started' on the pro card orders the pro plan", async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const plans = page.locator('#plans-title').locator('xpath=ancestor::section');
  const proCard = plans
    .locator('li')
    .filter({ has: page.getByRole('heading', { name: 'Pro', exact: true }) });
  await expect(proCard.getByText('Most Popular')).toBeVisible();
  const getStarted = proCard.getByRole('link', { name: 'Get Started' });
  await expect(getStarted).toHaveAttribute('href', '/new-order?plan=pro');
  await getStarted.click();
  // /new-order needs sign-in: a visitor lands on /login (with the way back remembered) or on the order page.
  await expect(page).toHaveURL(/\/(new-order\?plan=pro|login(\?.*)?)$/);
});
