import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './accounts-helpers';

test.use({ viewport: { width: 375, height: 740 } });

test('at 375px the sidebar becomes a slide-in menu that holds the links and closes', async ({ page }) => {
  await signIn(page, DEMO.customer, DEMO.password);
  // At this width the 'Signed in' toast spans the top bar for a few seconds; close it first.
  await page.getByRole('button', { name: 'Close toast' }).click();
  // The desktop sidebar is hidden; only the menu button shows the links.
  await expect(page.getByRole('complementary')).toBeHidden();

  const open = page.getByRole('button', { name: 'Open menu' });
  await open.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  for (const name of ['Dashboard', 'Billing', 'Pricing', 'Help', 'Profile', 'Settings']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Start new order' })).toHaveAttribute('href', '/new-order');

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();

  // Following a link closes it too.
  await open.click();
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // Nothing sticks out sideways at this width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
