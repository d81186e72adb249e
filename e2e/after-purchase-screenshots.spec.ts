import { expect, type Page, test } from '@playwright/test';
import { shoot } from './after-purchase-helpers';
import { signInDemoCustomer, signInNewCustomer } from './orders-helpers';

// Screenshots of /dashboard (empty and active; the processing state is shot by
// after-purchase-processing.spec.ts, which creates it), /billing, /orders and the signed-in
// /pricing and /help, at 1280 and 375 wide,
// light and dark, in test-results/screenshots for people to look at. Each also checks that
// the page is never wider than the screen.

const activeDashboard = async (page: Page) => {
  // The table on wide screens, cards on a phone: the same panels either way.
  const table = page.getByRole('table', { name: 'Active admin panels' }).locator('tbody tr');
  const cards = page.getByRole('list', { name: 'Active admin panels' }).getByRole('listitem');
  await expect(table.or(cards)).toHaveCount(10); // a page of the 20
};

test('a new customer: empty dashboard and billing', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signInNewCustomer(page, 'empty-shots');
  await shoot(page, 'dashboard-empty', '/dashboard', async (p) => {
    await expect(p.getByText("You don't have any admin panels yet.")).toBeVisible();
    await expect(p.getByText('Admin panels provide access to create up to 2,000 mailboxes.')).toBeVisible();
    await expect(p.getByRole('link', { name: 'Purchase Your First Panel' })).toHaveAttribute(
      'href',
      '/new-order',
    );
    await expect(p.getByText("You haven't placed any orders yet.")).toBeVisible();
  });
  await shoot(page, 'billing-empty', '/billing', async (p) => {
    await expect(p.getByText('No purchases yet')).toBeVisible();
    await expect(p.getByText('No purchase history available')).toBeVisible();
  });
});

test('the demo customer: active dashboard and billing', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signInDemoCustomer(page);
  await shoot(page, 'dashboard-active', '/dashboard', activeDashboard);
  await shoot(page, 'billing', '/billing', async (p) => {
    await expect(p.getByRole('checkbox', { name: 'Select all invoices' })).toBeVisible();
    await expect(p.getByRole('heading', { name: /plan · Order #/ }).first()).toBeVisible();
  });
  await shoot(page, 'orders', '/orders', async (p) => {
    const table = p.getByRole('table', { name: 'Your orders' }).locator('tbody tr');
    const cards = p.getByRole('list', { name: 'Your orders' }).getByRole('listitem');
    await expect(table.or(cards)).toHaveCount(3);
  });
  // Signed in, the public pages of the app's navigation keep its layout.
  for (const [name, path, title] of [
    ['pricing-signed-in', '/pricing', 'Simple, Transparent Pricing'],
    ['help-signed-in', '/help', 'Help Center'],
  ] as const) {
    await shoot(page, name, path, async (p) => {
      await expect(p.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(p.getByRole('button', { name: 'Log out' })).toBeVisible();
    });
  }
});
