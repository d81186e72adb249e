import { expect, test } from '@playwright/test';

// A visitor or crawler without JavaScript gets the full text and links of the public pages.
test.use({ javaScriptEnabled: false });

test('/, /pricing and /help are readable without JavaScript, with their plan prices', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Mailbox admin panels for your whole organization',
  );
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  for (const price of ['$500', '$2,000', '$5,000'])
    await expect(page.getByText(price, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'View detailed comparison of all plans' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  // The scroll animation never hides content when no script runs.
  await expect(
    page.getByRole('heading', { name: 'Ready to Transform Your Email Management?' }),
  ).toBeVisible();

  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple, Transparent Pricing');
  await expect(page.getByText('As low as 10 cents per mailbox')).toBeVisible();
  for (const price of ['$500', '$2,000', '$5,000'])
    await expect(page.getByText(price, { exact: true }).first()).toBeVisible();

  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
  await expect(page.getByRole('heading', { name: 'Terms & Policies' })).toBeVisible();
  await expect(page.getByText(/Monday to Friday, 9:00 AM to 5:00 PM EST/).first()).toBeVisible();
});
