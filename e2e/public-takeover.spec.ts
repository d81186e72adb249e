import { expect, test } from '@playwright/test';
import { waitForHydration } from './public-helpers';

// A storefront page hydrates without the app; the app's code comes only when a link is
// followed. Should that code not come (a dropped connection, a deploy that replaced the
// files), the link still leads where it says, as a full page load.

test('a link whose app code cannot be loaded still leads to its page', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  let refused = 0;
  await page.route('**/assets/*.js', (route) => {
    refused++;
    return route.abort();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  // The prerendered page, readable without any script.
  await expect(page.getByRole('heading', { name: 'Simple, Transparent Pricing', level: 1 })).toBeVisible();
  expect(refused).toBeGreaterThan(0);
});
