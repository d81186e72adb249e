import { expect, type Page, test } from '@playwright/test';
import { orderByBankTransfer, signInAdmin, toast, withNewCustomer } from './admin-helpers';
import { adminApi } from './after-purchase-helpers';
import { newCustomerCookies, proceedByBankTransfer, type SessionCookies } from './orders-helpers';
import { axeViolations, settled, shootDialog, shootEveryVariant } from './screenshots';

// Bank transfer and crypto must not dead-end (D6, D8): the instructions page shows the
// configured details (demo mode: labelled examples), the dashboard and /billing lead back to
// it, the customer can cancel, and an admin records a renewal that /billing then lists.
// Screenshots go to test-results/screenshots (1280 and 375, light and dark), axe on each.

/** Opens `path` in every variant and waits for `ready` before each shot. */
const shoot = (page: Page, name: string, path: string, ready: (page: Page) => Promise<void>) =>
  shootEveryVariant(page, name, async (p) => {
    await p.goto(path);
    await ready(p);
  });

async function checkout(page: Page, method: 'bank_transfer' | 'crypto', planId = 'basic') {
  const response = await page.request.post('/api/checkout', {
    data: { planId, additionalPanels: 0, method },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { orderId: number }).orderId;
}

let cookies: SessionCookies = [];
test.beforeAll(async ({ browser }, info) => {
  cookies = await newCustomerCookies(browser, String(info.project.use.baseURL), 'manual-pay');
});

test('a bank transfer order shows the configured details, leads back from the dashboard, and is canceled', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.addCookies(cookies);
  await page.goto('/new-order?plan=pro');
  const orderId = await proceedByBankTransfer(page);

  await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
  await expect(page.getByText('$2,000 USD')).toBeVisible();
  await expect(page.getByText(`Order ${orderId}`, { exact: true })).toBeVisible();
  const details = page.getByRole('definition').filter({ hasText: 'XX00 EXAMPLE 0000 0000 0000' });
  await expect(details).toBeVisible();
  await expect(page.getByText('Example Ltd (demo only, not a real account)')).toBeVisible();
  await expect(page.getByText('Example details for the demo.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy account number' })).toBeVisible();
  await shoot(page, 'manual-instructions-bank', `/checkout/manual/${orderId}`, (p) =>
    expect(p.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible(),
  );

  // The dashboard and /billing lead back to the instructions.
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/dashboard', '/billing']) {
    await page.goto(path);
    const link = page.getByRole('link', { name: `Payment instructions for order #${orderId}` });
    await expect(link).toBeVisible();
    if (path === '/billing') {
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/checkout/manual/${orderId}$`));
    }
  }
  await shoot(page, 'manual-pending-notice-dashboard', '/dashboard', (p) =>
    expect(p.getByRole('link', { name: `Payment instructions for order #${orderId}` })).toBeVisible(),
  );

  // The customer cancels it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/checkout/manual/${orderId}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
  await expect(confirm).toContainText('nothing is owed');
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(`Order ${orderId} is canceled`)).toBeVisible();
  await expect(page.getByText('You canceled it.')).toBeVisible();
  await expect(page.getByText('XX00 EXAMPLE 0000 0000 0000')).toHaveCount(0);
  await shoot(page, 'manual-instructions-canceled', `/checkout/manual/${orderId}`, (p) =>
    expect(p.getByText(`Order ${orderId} is canceled`)).toBeVisible(),
  );

  // /orders says why; the dashboard no longer asks for the payment.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Your orders' })).toContainText('You canceled it.');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Recent Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Payment instructions for order #${orderId}` })).toHaveCount(0);
});

test('a crypto order lists each wallet with its network', async ({ page, context }) => {
  // Four screenshots with their accessibility checks, as the bank transfer test takes.
  test.setTimeout(120_000);
  await context.addCookies(cookies);
  await page.goto('/');
  const orderId = await checkout(page, 'crypto');
  await page.goto(`/checkout/manual/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Pay with cryptocurrency' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Send to one of these addresses' })).toBeVisible();
  const wallets = page.locator('dl').filter({ hasText: 'BTC on Bitcoin' });
  await expect(wallets).toContainText('bc1q-example-demo-only-not-a-real-address');
  await expect(wallets).toContainText('USDC on Ethereum');
  await expect(page.getByRole('button', { name: 'Copy BTC address' })).toBeVisible();
  await shoot(page, 'manual-instructions-crypto', `/checkout/manual/${orderId}`, (p) =>
    expect(p.getByRole('heading', { name: 'Pay with cryptocurrency' })).toBeVisible(),
  );
  expect((await page.request.post(`/api/orders/${orderId}/abandon`)).status()).toBe(200);
});

test('an admin records a bank transfer renewal; /billing lists its invoice', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  await withNewCustomer(browser, info, 'renewal', async ({ customer, baseURL }) => {
    const orderId = await orderByBankTransfer(customer.page, 'basic');
    const admin = await adminApi(baseURL);
    expect((await admin.post(`/api/admin/orders/${orderId}/mark-paid`)).status()).toBe(200);
    await admin.dispose();

    await signInAdmin(page);
    await page.getByLabel('Search orders by order number or customer email').fill(String(orderId));
    await page.getByRole('button', { name: `View order #${orderId}` }).click();
    const detail = page.getByRole('dialog', { name: `Order #${orderId}` });
    await expect(detail).toContainText(/INV-\d{4}/);
    await detail.getByRole('button', { name: 'Record renewal payment' }).click();
    const record = page.getByRole('dialog', { name: `Record renewal payment for order #${orderId}` });
    await expect(record.getByLabel('Amount received (USD)')).toHaveValue('500.00');

    await shootDialog(page, 'admin-record-renewal', '/admin', async (p) => {
      await p.getByLabel('Search orders by order number or customer email').fill(String(orderId));
      await p.getByRole('button', { name: `View order #${orderId}` }).click();
      await p
        .getByRole('dialog', { name: `Order #${orderId}` })
        .getByRole('button', { name: 'Record renewal payment' })
        .click();
      await expect(p.getByLabel('Amount received (USD)')).toBeVisible();
    });

    await page.setViewportSize({ width: 1280, height: 900 });
    const again = page.getByRole('dialog', { name: `Record renewal payment for order #${orderId}` });
    await again.getByLabel('Amount received (USD)').fill('abc');
    await again.getByRole('button', { name: 'Record renewal payment' }).click();
    await expect(again).toContainText('Enter the amount received in US dollars');
    await again.getByLabel('Amount received (USD)').fill('500');
    await again.getByLabel('Payment reference (optional)').fill('SEPA 4411');
    await again.getByRole('button', { name: 'Record renewal payment' }).click();
    const recorded = toast(page, 'Renewal recorded');
    await expect(recorded).toBeVisible();
    const invoice = /INV-\d{4,}/.exec((await recorded.textContent()) ?? '')?.[0];
    expect(invoice).toBeDefined();
    const detailAfter = page.getByRole('dialog', { name: `Order #${orderId}` });
    await expect(detailAfter).toContainText('Renewal payment recorded');
    await expect(detailAfter).toContainText('SEPA 4411');

    // The customer's /billing lists the renewal's invoice with its PDF; nothing is due now.
    await customer.page.goto('/billing');
    const history = customer.page.getByRole('table', { name: 'Purchase history' });
    await expect(history.getByRole('link', { name: `Download invoice ${invoice} (PDF)` })).toBeVisible();
    await expect(history.getByRole('row')).toHaveCount(3);
    await customer.close();
  });
});
