import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES, THEMES, themedContext, waitForHydration } from './public-helpers';
import { axeViolations } from './screenshots';

for (const theme of THEMES) {
  test(`axe finds no violations on the public pages (${theme})`, async ({ browser }) => {
    test.setTimeout(120_000);
    // Reduced motion: content waiting for its scroll animation is transparent, and axe would
    // judge the contrast of a half-faded frame.
    const context = await themedContext(browser, theme, { reducedMotion: 'reduce' });
    const page = await context.newPage();
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      expect(await axeViolations(page), `${path} (${theme})`).toEqual([]);
    }
    await context.close();
  });
}

test('the open mobile menu and the contact form errors have no violations', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/contact');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});
