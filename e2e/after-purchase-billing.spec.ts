import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../src/server/testing/pdf-text';
import { buyPlan, downloadCsv, expectSelectableColumns, todayUtc } from './after-purchase-helpers';
import { newCustomerCookies, type SessionCookies } from './orders-helpers';
import { settled } from './screenshots';

// /billing for a customer who just bought Pro in the sandbox: figures, purchase history with
// export and PDF invoices, cancel and resume, a refund request. One new customer for the file
// (sign-ups are rate limited); the journeys run in order and build on each other.

test.describe.configure({ mode: 'serial' });

let cookies: SessionCookies = [];
let orderId = 0;

test.beforeAll(async ({ browser }, info) => {
  const baseURL = String(info.project.use.baseURL);
  cookies = await newCustomerCookies(browser, baseURL, 'billing');
  const context = await browser.newContext({ baseURL });
  await context.addCookies(cookies);
  orderId = await buyPlan(await context.newPage(), 'pro', 0);
  await context.close();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(cookies);
});

const subscription = (page: Page) => page.getByRole('listitem').filter({ hasText: `Order #${orderId}` });

test('shows the totals, the purchase history and the payment methods', async ({ page }) => {
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Billing & Invoices', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Spent' })).toContainText('$2,000');
  await expect(page.getByRole('group', { name: 'Total Orders' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Last Purchase' })).toContainText(/\w{3} \d{1,2}, \d{4}/);

  const history = page.getByRole('table', { name: 'Purchase history' });
  await expectSelectableColumns(history, ['Invoice', 'Date', 'Items', 'Total', 'Status', 'Invoice PDF']);
  await expect(history.locator('tbody tr')).toHaveCount(1);
  await expect(history.locator('tbody tr').first()).toContainText(/INV-\d{4}/);
  await expect(history.locator('tbody tr').first()).toContainText('Paid');

  const methods = page.getByRole('region', { name: 'Payment Methods' });
  await expect(methods).toContainText('Credit/Debit Card');
  await expect(methods).toContainText('Visa, Mastercard, American Express');
  await expect(methods).toContainText('Cryptocurrency');
  await expect(methods).toContainText('Bitcoin, Ethereum or others');
  await expect(methods).toContainText('Bank Transfer');
  await expect(methods.getByText('Available', { exact: true })).toHaveCount(3);

  await expect(subscription(page)).toContainText('Pro plan');
  await expect(subscription(page)).toContainText('5 panels');
  await expect(subscription(page)).toContainText(/Renews on \w{3} \d{1,2}, \d{4}/);
});

test('exports the purchase history as CSV', async ({ page }) => {
  await page.goto('/billing');
  await page.getByRole('checkbox', { name: 'Select all invoices' }).check();
  const region = page.getByRole('region', { name: 'Purchase History' });
  const { fileName, rows: csv } = await downloadCsv(region.getByRole('button', { name: 'Export CSV' }));
  expect(fileName).toBe(`purchase_history_${todayUtc()}.csv`);
  expect(csv[0]).toEqual(['Invoice', 'Date', 'Items', 'Total ($)', 'Status']);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toEqual([expect.stringMatching(/^INV-\d{4}$/), expect.any(String), '5', '2000.00', 'Paid']);
  await expect(page.getByText('Export Successful')).toBeVisible();
});

test('downloads an invoice as a PDF attachment', async ({ page }) => {
  await page.goto('/billing');
  const link = page.getByRole('link', { name: /^Download invoice INV-\d{4} \(PDF\)$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}\.pdf$/);

  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="INV-\d{4}\.pdf"$/);
  const pdf = await response.body();
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const text = pdfText(pdf);
  expect(text).toContain('INV-');
  expect(text).toContain('Pro plan');
});

test('cancels at period end after confirming, then resumes', async ({ page }) => {
  await page.goto('/billing');
  await subscription(page).getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel subscription?' });
  await expect(dialog).toContainText(
    'You keep access to your 5 admin panels until the end of the current billing period',
  );
  // Keeping it changes nothing.
  await dialog.getByRole('button', { name: 'Keep subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(subscription(page)).toContainText('Renews on');

  await subscription(page).getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(dialog).toBeVisible();
  await settled(page); // the dialog's fade-in, for a readable screenshot
  await page.screenshot({ path: 'test-results/screenshots/billing-cancel-dialog-1280-light.png' });
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Subscription canceled')).toBeVisible();
  await expect(subscription(page)).toContainText(/Ends on \w{3} \d{1,2}, \d{4}/);
  await expect(subscription(page)).toContainText('Canceling');
  await expect(subscription(page).getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  await page.reload();
  await expect(subscription(page)).toContainText('Ends on');
  await page.screenshot({ path: 'test-results/screenshots/billing-canceled-1280-light.png', fullPage: true });
  await subscription(page).getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Subscription resumed')).toBeVisible();
  await expect(subscription(page)).toContainText('Renews on');
  await expect(subscription(page).getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
});

test('requests a refund with a reason and then shows the request', async ({ page }) => {
  await page.goto('/billing');
  await subscription(page).getByRole('button', { name: 'Request refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a refund' });
  await expect(dialog).toContainText('within 14 days of purchase');
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(dialog.getByText('Please tell us why you would like a refund.')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => localStorage.setItem('ui-theme', 'dark'));
  await page.screenshot({ path: 'test-results/screenshots/billing-refund-dialog-375-light.png' });
  await dialog.getByLabel('Reason').fill('We bought the wrong plan.');
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(subscription(page).getByText('Refund requested')).toBeVisible();
  await expect(subscription(page).getByRole('button', { name: 'Request refund' })).toHaveCount(0);

  await page.reload();
  await expect(subscription(page).getByText('Refund requested')).toBeVisible();
  await page.screenshot({
    path: 'test-results/screenshots/billing-refund-requested-375-dark.png',
    fullPage: true,
  });
});

test('a failed load shows the payment-history toast and Retry (D3)', async ({ page }) => {
  await page.route('**/api/me/billing', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'boom', message: 'Down' } } }),
  );
  await page.goto('/billing');
  await expect(page.getByText('Failed to load payment history').first()).toBeVisible();
  await expect(page.getByText('Please try again later').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.unroute('**/api/me/billing');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table', { name: 'Purchase history' })).toBeVisible();
});
