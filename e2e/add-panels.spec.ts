import { expect, type Page, test } from '@playwright/test';
import { formatCentsExact } from '../src/domain/format';
import { addStock, adminApi, buyPlan } from './after-purchase-helpers';
import { newCustomerCookies } from './orders-helpers';
import { shootDialog } from './screenshots';

// Adding panels mid-period (D8, docs/decisions/0018): a new customer with a Basic order of
// three panels opens Add panels from the dashboard, reads the server's pro-rata price to the
// cent, pays it in the sandbox, and /billing then counts five panels on the same renewal date.

test('adds two panels to a running subscription from the dashboard, at the quoted price', async ({
  browser,
}, info) => {
  // Four shots of the dialog, then the purchase: more than the default 30 s on a busy runner.
  test.setTimeout(150_000);
  const baseURL = String(info.project.use.baseURL);
  const admin = await adminApi(baseURL);
  const tag = Date.now().toString(36);
  await addStock(
    admin,
    [1, 2, 3, 4, 5].map((n) => ({
      email: `add-panels-${tag}-${n}@panels.example`,
      password: `Add-${tag}-${n}x!`,
    })),
  );
  await admin.dispose();
  const context = await browser.newContext({ baseURL });
  await context.addCookies(await newCustomerCookies(browser, baseURL, 'add-panels'));
  const page = await context.newPage();
  const orderId = await buyPlan(page, 'basic', 2);
  const quote = (await (await page.request.get(`/api/me/orders/${orderId}/add-panels?panels=2`)).json()) as {
    chargeCents: number;
  };
  const price = formatCentsExact(quote.chargeCents);

  const openDialog = async (p: Page) => {
    await p.getByRole('button', { name: 'Add panels' }).click();
    const dialog = p.getByRole('dialog', { name: 'Add panels' });
    await dialog.getByLabel('Panels to add').selectOption('2');
    await expect(dialog.getByRole('button', { name: `Pay ${price}` })).toBeVisible();
  };
  // The shots set the theme in this site's storage, so the page must be on the site first.
  await page.goto('/billing');
  await shootDialog(page, 'add-panels-dialog', '/billing', openDialog);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Add panels' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await openDialog(page);
  const dialog = page.getByRole('dialog', { name: 'Add panels' });
  await expect(dialog.getByRole('radio', { name: /Join the renewal on \w{3} \d{1,2}, \d{4}/ })).toBeChecked();
  await expect(dialog).toContainText(`${price} now for the`);
  await dialog.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`2 panels joined order #${orderId}; ${price} charged.`)).toBeVisible();
  await expect(page.getByText(/5 panels · \$2,300 \/ month/)).toBeVisible();
  await context.close();
});
