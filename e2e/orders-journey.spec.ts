import { expect, test } from '@playwright/test';
import {
  myOrderStatus,
  myPanels,
  newCustomerCookies,
  proceedByBankTransfer,
  type SessionCookies,
} from './orders-helpers';

// The buying journeys in the sandbox: pay and receive panels, cancel, or pay by bank
// transfer. They share one new customer (sign-ups are rate limited per IP); each checks only
// its own order.

let cookies: SessionCookies = [];
test.beforeAll(async ({ browser }, info) => {
  cookies = await newCustomerCookies(browser, String(info.project.use.baseURL), 'journey');
});
test.beforeEach(async ({ context }) => {
  await context.addCookies(cookies);
});

test('a new customer buys Pro with 3 add-ons in the sandbox and owns 8 panels', async ({ page }) => {
  await page.goto('/new-order?plan=pro');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pro' })).toBeChecked();
  await page.getByLabel('Additional panels').selectOption('3');
  await expect(page.getByTestId('order-total')).toHaveText('$2,900');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  await expect(page).toHaveURL(/\/checkout\/sandbox\/[^/]+$/);
  const orderId = await page.evaluate(() => sessionStorage.getItem('currentOrderId'));
  expect(orderId).toMatch(/^\d+$/);
  await expect(page.getByText('Test mode').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay $2,900' }).click();

  await expect(page).toHaveURL(/\/payment-success\?session_id=.+&order_id=\d+/);
  await expect(page.getByRole('heading', { name: 'Subscription Active' })).toBeVisible();
  await expect(page.getByText(`Order ID: ${orderId}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  // The stored current order is forgotten once the payment is confirmed.
  expect(await page.evaluate(() => sessionStorage.getItem('currentOrderId'))).toBeNull();

  const panelsOfOrder = async () => (await myPanels(page)).filter((p) => p.orderId === Number(orderId));
  await expect.poll(async () => (await panelsOfOrder()).length).toBe(8);
  expect((await panelsOfOrder()).every((p) => p.status === 'active')).toBe(true);
  expect(await myOrderStatus(page, Number(orderId))).toBe('completed');

  // 3 s after success the page moves on to the dashboard with the documented toast.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6000 });
  await expect(page.getByText('Payment successful! Your admin panels are being provisioned.')).toBeVisible();
});

test('cancelling in the sandbox ends on Payment Not Completed with the order canceled', async ({ page }) => {
  await page.goto('/new-order?plan=basic');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('button', { name: 'Pay $500' })).toBeVisible();
  const checkoutUrl = page.url();
  const orderId = Number(await page.evaluate(() => sessionStorage.getItem('currentOrderId')));

  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-canceled\\?order_id=${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Payment Not Completed' })).toBeVisible();
  await expect(
    page.getByText(
      "Your payment was canceled and you have not been charged. You can retry the purchase whenever you're ready.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Support' })).toHaveAttribute('href', '/help');
  await expect.poll(() => myOrderStatus(page, orderId)).toBe('canceled');
  expect((await myPanels(page)).filter((p) => p.orderId === orderId)).toHaveLength(0);

  await page.getByRole('link', { name: 'Return to Order Page' }).click();
  await expect(page).toHaveURL(/\/new-order$/);
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();

  // Opening the canceled checkout again shows its state instead of the pay button.
  await page.goto(checkoutUrl);
  await expect(page.getByText('This checkout was canceled. Nothing was charged.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $500' })).toHaveCount(0);
});

test('bank transfer leads to the payment instructions, and the order waits for payment', async ({ page }) => {
  await page.goto('/new-order?plan=enterprise');
  await page.getByLabel('Additional panels').selectOption('2');
  await expect(page.getByTestId('order-total')).toHaveText('$5,400');
  const orderId = await proceedByBankTransfer(page);
  await expect(page.getByRole('heading', { name: 'Payment instructions' })).toBeVisible();
  await expect(page.getByText('$5,400 USD')).toBeVisible();
  await expect(page.getByText(`Order ${orderId}`, { exact: true })).toBeVisible();
  await expect(page.getByText('We emailed you these instructions')).toBeVisible();
  expect(await myOrderStatus(page, orderId)).toBe('pending_payment');
});
