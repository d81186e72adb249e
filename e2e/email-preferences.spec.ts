import { expect, type Page, test } from '@playwright/test';
import { latestMailTo } from './accounts-helpers';
import { orderByBankTransfer, toast } from './admin-helpers';
import { adminApi } from './after-purchase-helpers';
import { signInNewCustomer } from './orders-helpers';
import { axeViolations, shootEveryVariant } from './screenshots';

// E-mail classes and operator alerts (docs/decisions/0008-email-classes-and-operator-alerts.md):
// an admin's alert toggles in /settings, kept per admin; the one-click page an order e-mail
// links to. Screenshots at 1280 and 375, light and dark, go to test-results/screenshots/.

test('an admin turns an operator alert off in /settings and it stays off after a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // One API sign-in: the demo admin's password sign-ins are rate limited across journeys.
  const api = await adminApi(String(baseURL));
  await page.context().addCookies((await api.storageState()).cookies);
  await api.dispose();

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Operator alerts' })).toBeVisible();
  const refunds = page.getByRole('switch', { name: 'Refund requested' });
  await expect(refunds).toBeChecked();
  await refunds.click();
  await expect(page.getByText('You have unsaved changes.').last()).toBeVisible();
  await page.getByRole('button', { name: 'Save Alerts' }).click();
  await expect(toast(page, 'Operator alert preferences saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Refund requested' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Stock running short' })).toBeChecked();

  await shootEveryVariant(page, 'settings-operator-alerts', async (p) => {
    await p.goto('/settings');
    await expect(p.getByRole('switch', { name: 'Refund requested' })).not.toBeChecked();
  });

  // Back on, so the demo admin is alerted as before.
  await page.getByRole('switch', { name: 'Refund requested' }).click();
  await page.getByRole('button', { name: 'Save Alerts' }).click();
  await expect(toast(page, 'Operator alert preferences saved')).toBeVisible();
});

test("an order e-mail's link turns Order Updates off in one click, without signing in", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = await signInNewCustomer(page, 'prefs');
  // Customers see no operator alerts.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Operator alerts' })).toHaveCount(0);

  // A bank transfer order: its payment instructions are an order e-mail.
  const orderId = await orderByBankTransfer(page, 'basic');
  const mail = await latestMailTo(email, `Payment instructions for order ${orderId}`);
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const token = /\/email-preferences\?token=([A-Za-z0-9._%-]+)/.exec(mail)?.[1];
  expect(token).toBeDefined();

  // Opened in a browser that is not signed in, as from a phone's mail app.
  const stranger = await browser.newContext({ baseURL });
  const link = await stranger.newPage();
  const open = async (p: Page) => {
    await p.goto(`/email-preferences?token=${token}`);
    await expect(p.getByRole('heading', { name: 'Turn off order updates?' })).toBeVisible();
  };
  await open(link);
  await shootEveryVariant(link, 'email-preferences', open);
  await link.getByRole('button', { name: 'Turn off' }).click();
  await expect(link.getByRole('heading', { name: 'Order Updates is off' })).toBeVisible();
  await shootEveryVariant(link, 'email-preferences-done', async (p) => {
    // The page is the same after a second use: the preference is simply off again.
    await open(p);
    await p.getByRole('button', { name: 'Turn off' }).click();
    await expect(p.getByRole('heading', { name: 'Order Updates is off' })).toBeVisible();
  });
  await link.goto('/email-preferences?token=not.valid');
  await expect(link.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  await link.goto(`/email-preferences?token=${token?.slice(0, -2)}xx`);
  await link.getByRole('button', { name: 'Turn off' }).click();
  await expect(link.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  expect(await axeViolations(link)).toEqual([]);
  await stranger.close();

  // The customer's own settings say so.
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'Order Updates' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toBeChecked();
  await page.request.post(`/api/orders/${orderId}/abandon`);
});
