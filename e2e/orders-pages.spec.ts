import { expect, test } from '@playwright/test';
import { addonOptions, range, signInDemoCustomer } from './orders-helpers';

// The order page's rules (docs/product.md §4, §5, D4) and the payment return flow's other
// outcomes. Nothing here places an order, so the seeded demo customer is enough.

test.beforeEach(async ({ page }) => {
  await signInDemoCustomer(page);
});

test('the add-on select offers 0-4, 0-20 and 0-30, and a plan change resets it to 0', async ({ page }) => {
  await page.goto('/new-order?plan=basic');
  await expect(page.getByRole('radio', { name: 'Basic' })).toBeChecked();
  expect(await addonOptions(page)).toEqual(range(4));

  await page.getByLabel('Additional panels').selectOption('4');
  await expect(page.getByTestId('order-total')).toHaveText('$2,300');

  await page.getByRole('radio', { name: 'Pro' }).check();
  await expect(page.getByLabel('Additional panels')).toHaveValue('0');
  await expect(page.getByTestId('order-total')).toHaveText('$2,000');
  expect(await addonOptions(page)).toEqual(range(20));

  await page.getByLabel('Additional panels').selectOption('20');
  await page.getByRole('radio', { name: 'Enterprise' }).check();
  await expect(page.getByLabel('Additional panels')).toHaveValue('0');
  expect(await addonOptions(page)).toEqual(range(30));
  await page.getByLabel('Additional panels').selectOption('30');
  await expect(page.getByTestId('order-total')).toHaveText('$11,000');
});

test('each plan shows its price and panels, and the page has the benefits box', async ({ page }) => {
  await page.goto('/new-order?plan=pro');
  await expect(page.getByRole('radio', { name: 'Pro' })).toBeChecked();
  const pro = page.locator('label').filter({ has: page.getByRole('radio', { name: 'Pro' }) });
  await expect(pro).toContainText('$2,000');
  await expect(pro).toContainText('5 admin panels');
  await expect(pro).toContainText('Most Popular');
  const benefits = page.getByRole('region', { name: 'Subscription Benefits' });
  await expect(benefits).toContainText('Plans are billed monthly.');
  await expect(benefits).toContainText('There is a 14-day money-back guarantee.');
  await expect(benefits).toContainText('Panels are delivered within about 6 hours of payment.');
  await expect(page.getByRole('radio', { name: 'Credit/Debit Card' })).toBeChecked();
  await expect(page.getByText('Sandbox test checkout: no real card is charged.')).toBeVisible();
});

test('without a plan, Proceed to Payment asks for one', async ({ page }) => {
  await page.goto('/new-order');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  for (const name of ['Basic', 'Pro', 'Enterprise']) {
    await expect(page.getByRole('radio', { name })).not.toBeChecked();
  }
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByText('Please select a plan')).toBeVisible();
  await expect(page.getByText('You need to select a subscription plan.')).toBeVisible();
  await expect(page).toHaveURL(/\/new-order$/);
});

test('a session that expired before checkout gets Authentication required with a Login action', async ({
  page,
}) => {
  await page.goto('/new-order?plan=pro');
  await expect(page.getByRole('radio', { name: 'Pro' })).toBeChecked();
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByText('Authentication required')).toBeVisible();
  await expect(page.getByText('Please log in to place an order.')).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fnew-order%3Fplan%3Dpro$/);
});

test('a checkout request that gets no answer says so in the documented words, never "Failed to fetch"', async ({
  page,
}) => {
  await page.route('**/api/checkout', (route) => route.abort());
  await page.goto('/new-order?plan=pro');
  await expect(page.getByRole('radio', { name: 'Pro' })).toBeChecked();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast.filter({ hasText: 'Order failed' })).toContainText(
    'Error connecting to payment provider',
  );
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await expect(page).toHaveURL(/\/new-order\?plan=pro$/);
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
});

test('a checkout answer without a url shows the missing-url text and Invalid response from payment provider', async ({
  page,
}) => {
  await page.route('**/api/checkout', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ orderId: 1 }) }),
  );
  await page.goto('/new-order?plan=pro');
  await expect(page.getByRole('radio', { name: 'Pro' })).toBeChecked();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(
    page.getByText('Unable to generate checkout URL. Please try again or contact support.'),
  ).toBeVisible();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Unable to start checkout process' });
  await expect(toast).toContainText('Invalid response from payment provider');
  await expect(page).toHaveURL(/\/new-order\?plan=pro$/);
});

test('a checkout the server cannot open says Failed to create checkout session', async ({ page }) => {
  await page.route('**/api/checkout', (route) =>
    route.fulfill({ status: 503, contentType: 'text/html', body: '<html>Service Unavailable</html>' }),
  );
  await page.goto('/new-order?plan=pro');
  await expect(page.getByRole('radio', { name: 'Pro' })).toBeChecked();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Order failed' });
  await expect(toast).toContainText('Failed to create checkout session');
});

test('payment-success without any ids shows the neutral state at once', async ({ page }) => {
  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { name: 'Payment Being Processed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
});

test('an order that never confirms is retried 3 times, then shown as being processed', async ({ page }) => {
  test.setTimeout(30_000);
  // No such order: verify answers false and the status read fails, so every check says "not yet".
  await page.goto('/payment-success?order_id=999999');
  await expect(page.getByRole('heading', { name: 'Payment Processing' })).toBeVisible();
  await expect(page.getByText('Verifying Payment')).toBeVisible();
  await expect(page.getByText('Still checking... (1/3)')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/payment-checking-1280-light.png' });
  await expect(page.getByText('Still checking... (2/3)')).toBeVisible({ timeout: 5000 });
  await expect(page.getByText('Still checking... (3/3)')).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole('heading', { name: 'Payment Being Processed' })).toBeVisible({ timeout: 5000 });
  await expect(
    page.getByText(
      'Your payment is being verified by our system. Your admin panels will appear on your dashboard shortly.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Order ID: 999999')).toBeVisible();
});

test('a verification that cannot reach the server ends in the neutral state with its own toast', async ({
  page,
}) => {
  await page.route('**/api/payments/verify', (route) => route.abort());
  await page.route('**/api/orders/*/status', (route) => route.abort());
  await page.goto('/payment-success?order_id=1');
  await expect(page.getByRole('heading', { name: 'Payment Being Processed' })).toBeVisible();
  await expect(
    page.getByText('Your payment is being verified. Please check your dashboard in a few minutes.'),
  ).toBeVisible();
});

test('signed out, payment-success sends the visitor to /login and keeps its query', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto('/payment-success?session_id=sbx_abc&order_id=12');
  await expect(page).toHaveURL(
    `/login?redirect=${encodeURIComponent('/payment-success?session_id=sbx_abc&order_id=12')}`,
  );
});
