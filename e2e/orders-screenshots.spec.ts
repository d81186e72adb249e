import { expect, type Page, test } from '@playwright/test';
import { signInNewCustomer } from './orders-helpers';
import { opening, shootEveryVariant } from './screenshots';

// Screenshots of the buying screens for people to look at (not compared against anything):
// 1280 and 375 wide, light and dark, in test-results/screenshots (never committed). Each
// variant is also checked with axe, since the themes and widths are exactly where contrast
// and layout problems hide.

/** Opens `url` in every variant, waits for `ready`, saves a full-page screenshot and runs axe. */
const shoot = (page: Page, name: string, url: string, ready: (page: Page) => Promise<void>) =>
  shootEveryVariant(page, name, opening(url, ready), { fitsWidth: false, settle: false });

const heading = (name: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { name })).toBeVisible();
};

test('screenshots and axe checks of the order, checkout and result pages', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signInNewCustomer(page, 'shots');

  await shoot(page, 'new-order', '/new-order?plan=pro', async (p) => {
    await heading('Choose Your Plan')(p);
    await p.getByLabel('Additional panels').selectOption('3');
    await expect(p.getByTestId('order-total')).toHaveText('$2,900');
  });

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('button', { name: 'Pay $2,900' })).toBeVisible();
  const checkout = new URL(page.url()).pathname;
  await shoot(page, 'sandbox-checkout', checkout, async (p) => {
    await expect(p.getByRole('button', { name: 'Pay $2,900' })).toBeVisible();
  });

  await page.getByRole('button', { name: 'Pay $2,900' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Active' })).toBeVisible();
  const success = page.url().replace(/^https?:\/\/[^/]+/, '');
  await shoot(page, 'payment-success', success, heading('Subscription Active'));

  await page.goto('/new-order?plan=basic');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Not Completed' })).toBeVisible();
  const canceled = page.url().replace(/^https?:\/\/[^/]+/, '');
  await shoot(page, 'payment-canceled', canceled, heading('Payment Not Completed'));

  await shoot(page, 'payment-pending', '/payment-success', heading('Payment Being Processed'));

  await page.goto('/new-order?plan=enterprise');
  await page.getByRole('radio', { name: 'Bank Transfer' }).check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment instructions' })).toBeVisible();
  await shoot(page, 'manual-instructions', new URL(page.url()).pathname, async (p) => {
    await expect(p.getByText('We emailed you these instructions')).toBeVisible();
  });
});
