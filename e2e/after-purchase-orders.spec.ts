import { expect, type Page, test } from '@playwright/test';
import { DASHBOARD_PANELS_COLUMNS } from '../src/domain/csv';
import { keepingStock, runTag } from './admin-helpers';
import { adminApi, buyPlan, downloadCsv, shoot, todayUtc } from './after-purchase-helpers';
import { newCustomerCookies, type SessionCookies } from './orders-helpers';
import { axeViolations } from './screenshots';

// D5, D8: every order on /orders (server-paged, every status, each leading to its
// instructions, checkout or invoices), the dashboard's active panels paged and searched by the
// server with a selection across pages, and the past (refunded) panels apart, without passwords.
// One new customer for the file (sign-ups are rate limited); the journeys build on each other.

test.describe.configure({ mode: 'serial' });

let cookies: SessionCookies = [];
const ids = { big: 0, refunded: 0, manual: 0, card: 0, canceled: [] as number[] };

test.beforeAll(async ({ browser }, info) => {
  test.setTimeout(120_000);
  const baseURL = String(info.project.use.baseURL);
  cookies = await newCustomerCookies(browser, baseURL, 'all-orders');
  const context = await browser.newContext({ baseURL });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const checkout = async (planId: string, additionalPanels: number, method: string) => {
    const response = await page.request.post('/api/checkout', { data: { planId, additionalPanels, method } });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { orderId: number }).orderId;
  };

  await keepingStock(baseURL, runTag(), async () => {
    // 12 active panels: more than one page of 10.
    ids.big = await buyPlan(page, 'pro', 7);
    ids.refunded = await buyPlan(page, 'basic', 0);
  });
  const asked = await page.request.post(`/api/me/orders/${ids.refunded}/refund-request`, {
    data: { reason: 'Bought one too many.' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const admin = await adminApi(baseURL);
  const approved = await admin.post(
    `/api/admin/refunds/${((await asked.json()) as { id: number }).id}/approve`,
  );
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.dispose();

  // Eight abandoned checkouts (each its own selection, or the checkout would reuse one order).
  for (let addons = 2; addons <= 9; addons++) {
    const id = await checkout('pro', addons, 'card');
    expect((await page.request.post(`/api/orders/${id}/abandon`)).status()).toBe(200);
    ids.canceled.push(id);
  }
  ids.manual = await checkout('enterprise', 0, 'bank_transfer');
  ids.card = await checkout('pro', 1, 'card');
  await context.close();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(cookies);
});

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Your orders' });
const row = (page: Page, id: number) =>
  ordersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: `#${id}`, exact: true }) });

test('View all orders leads from the dashboard to every order, paged by the server', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'View all orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'All orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Orders' })).toContainText('12 orders');

  // Newest first: the card order, the manual one, then the abandoned checkouts.
  const rows = ordersTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText(`#${ids.card}`);
  await expect(row(page, ids.card)).toContainText('Pending');
  await expect(row(page, ids.manual)).toContainText('Pending');
  await expect(row(page, ids.canceled[7]!)).toContainText(/Canceled\s*Canceled \w{3} \d{1,2}, \d{4}/);

  const pager = page.getByRole('navigation', { name: 'Orders pages' });
  await expect(pager).toContainText('Showing 1–10 of 12');
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(pager).toContainText('Showing 11–12 of 12');
  await expect(rows).toHaveCount(2);
  await expect(row(page, ids.big)).toContainText('Completed');
  await expect(row(page, ids.big)).toContainText('$4,100');
  await expect(row(page, ids.refunded)).toContainText(/Refunded\s*Refunded \w{3} \d{1,2}, \d{4}/);

  // The status filter is the server's too, and starts over at page 1.
  await page.getByLabel('Filter orders by status').selectOption('pending_payment');
  await expect(rows).toHaveCount(2);
  await expect(pager).toHaveCount(0);
  await page.getByLabel('Filter orders by status').selectOption('refunded');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`#${ids.refunded}`);
});

test('each order leads to its instructions, its checkout or its invoices', async ({ page }) => {
  await page.goto('/orders');
  // A paid order: its invoice as a PDF.
  await page
    .getByRole('navigation', { name: 'Orders pages' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  const invoice = row(page, ids.big).getByRole('link', { name: /^Download invoice INV-\d{4} \(PDF\)$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}\.pdf$/);
  // A refunded one keeps its invoice; a canceled one leads nowhere.
  await expect(row(page, ids.refunded).getByRole('link', { name: /Download invoice/ })).toHaveCount(1);

  await page.goto('/orders');
  await expect(row(page, ids.canceled[0]!).getByRole('link')).toHaveCount(0);
  await expect(row(page, ids.canceled[0]!).getByRole('button')).toHaveCount(0);

  // A pending bank transfer: its payment instructions.
  await row(page, ids.manual)
    .getByRole('link', { name: `Payment instructions for order #${ids.manual}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/checkout/manual/${ids.manual}$`));
  await expect(page.getByText(`Order ${ids.manual}`, { exact: true })).toBeVisible();

  // A pending card order: back to its open checkout.
  await page.goto('/orders');
  await row(page, ids.card)
    .getByRole('button', { name: `Resume checkout for order #${ids.card}` })
    .click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/cs_sandbox_/);
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeVisible();

  // /billing keeps its own content and leads here too.
  await page.goto('/billing');
  const history = page.getByRole('region', { name: 'Purchase History' });
  await history.getByRole('link', { name: 'View all orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
});

test('selects orders on two pages and exports them', async ({ page }) => {
  await page.goto('/orders');
  await row(page, ids.card).getByRole('checkbox').check();
  await page
    .getByRole('navigation', { name: 'Orders pages' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await row(page, ids.big).getByRole('checkbox').check();
  await expect(page.getByText('2 orders selected')).toBeVisible();
  const { fileName, rows: csv } = await downloadCsv(
    page.getByRole('region', { name: 'Orders' }).getByRole('button', { name: 'Export CSV' }),
  );
  expect(fileName).toBe(`orders_export_${todayUtc()}.csv`);
  expect(csv[0]).toEqual(['Order ID', 'Date', 'Quantity', 'Total ($)', 'Status']);
  expect(csv.slice(1).map((r) => [r[0], r[2], r[4]])).toEqual([
    [String(ids.card), '6', 'pending'],
    [String(ids.big), '12', 'completed'],
  ]);
});

test('the dashboard pages and searches the active panels on the server; selection spans pages', async ({
  page,
}) => {
  await page.goto('/dashboard');
  const active = page.getByRole('region', { name: 'Active' });
  await expect(active).toContainText('12 panels ready to use');
  const rows = page.getByRole('table', { name: 'Active admin panels' }).locator('tbody tr');
  await expect(rows).toHaveCount(10);
  const pager = page.getByRole('navigation', { name: 'Active panels pages' });
  await expect(pager).toContainText('Showing 1–10 of 12');

  await rows.nth(0).getByRole('checkbox').check();
  const firstEmail = (await rows.nth(0).locator('td').nth(1).textContent()) ?? '';
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole('checkbox').check();
  const lastEmail = (await rows.nth(1).locator('td').nth(1).textContent()) ?? '';
  await expect(active.getByText('2 panels selected')).toBeVisible();

  // The search runs on the server (any case), and the selection survives it.
  await page.getByLabel('Search panels by email').fill(lastEmail.toUpperCase());
  await expect(rows).toHaveCount(1);
  await expect(pager).toHaveCount(0);
  await page.getByLabel('Search panels by email').fill('no-such-panel');
  await expect(active).toContainText('No panels match “no-such-panel”.');
  await page.getByLabel('Search panels by email').fill('');
  await expect(rows).toHaveCount(10);

  const { rows: csv } = await downloadCsv(active.getByRole('button', { name: 'Export CSV' }));
  expect(csv[0]).toEqual([...DASHBOARD_PANELS_COLUMNS]);
  expect(
    csv
      .slice(1)
      .map((r) => r[1])
      .sort(),
  ).toEqual([firstEmail, lastEmail].sort());
  for (const r of csv.slice(1)) expect(r[2]).not.toBe('');
  await expect(page.getByText('2 admin panels exported to CSV.')).toBeVisible();
});

test('the refunded panel is listed apart, with its refund date and no password', async ({ page }) => {
  await page.goto('/dashboard');
  const past = page.getByRole('region', { name: 'Past panels' });
  await expect(past).toContainText('1 panel that expired, was refunded or was replaced.');
  await expect(past.getByRole('table')).toHaveCount(0);
  await past.getByRole('button', { name: 'Show past panels' }).click();
  const rows = past.getByRole('table', { name: 'Past admin panels' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`#${ids.refunded}`);
  await expect(rows.first()).toContainText('Refunded');
  await expect(rows.first()).toContainText(/\w{3} \d{1,2}, \d{4}/);
  await expect(past.getByRole('button', { name: /Show password/ })).toHaveCount(0);
  await expect(past).not.toContainText('••••••••');
  await expect(past.getByRole('columnheader')).toHaveText([
    'Email',
    'Order',
    'Purchase Date',
    'Status',
    'Ended',
  ]);

  // /billing: the refunded subscription ended on the refund date, not at its period end.
  await page.goto('/billing');
  const subscription = page.getByRole('listitem').filter({ hasText: `Order #${ids.refunded}` });
  await expect(subscription).toContainText('Refunded');
  // Refunded moments ago: today, in the browser's time zone (this machine's).
  const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  await expect(subscription).toContainText(`Ended on ${today.format(new Date())}`);
});

test('axe finds no violations on /orders and the dashboard with past panels open', async ({
  browser,
}, info) => {
  test.setTimeout(90_000);
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({
        baseURL: String(info.project.use.baseURL),
        viewport: { width, height: 900 },
        reducedMotion: 'reduce',
      });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate((value) => localStorage.setItem('ui-theme', value), theme);
      await page.goto('/orders');
      await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
      expect(await axeViolations(page), `/orders ${theme} ${width}`).toEqual([]);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Show past panels' }).click();
      await expect(page.getByText('Refunded').first()).toBeVisible();
      expect(await axeViolations(page), `/dashboard ${theme} ${width}`).toEqual([]);
      await context.close();
    }
  }
});

test('screenshots of /orders and the dashboard with past panels', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await shoot(page, 'orders', '/orders', async (p) => {
    await expect(p.getByText('Showing 1–10 of 12')).toBeVisible();
  });
  await shoot(page, 'dashboard-past-panels', '/dashboard', async (p) => {
    await p.getByRole('button', { name: 'Show past panels' }).click();
    await expect(p.getByText('Refunded').first()).toBeVisible();
  });
});
