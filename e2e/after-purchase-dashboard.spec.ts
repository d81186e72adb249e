import { expect, test } from '@playwright/test';
import { DEMO } from './accounts-helpers';
import { adminApi, downloadCsv, expectSelectableColumns, todayUtc } from './after-purchase-helpers';
import { signInDemoCustomer } from './orders-helpers';

// The demo customer's dashboard (D3: three completed orders of 5, 3 and 12 panels). Read-only
// apart from audit entries, so other journeys can rely on the demo customer too.

const PANELS_HEADER = ['Panel ID', 'Email', 'Password', 'Purchase Date', 'Status', 'Capacity (Current/Max)'];
const ORDERS_HEADER = ['Order ID', 'Date', 'Quantity', 'Total ($)', 'Status'];

test.beforeEach(async ({ page }) => {
  await signInDemoCustomer(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('shows the figures, the 20 delivered panels (10 a page) and the three orders', async ({ page }) => {
  await expect(page.getByRole('link', { name: '+ New Order' })).toHaveAttribute('href', '/new-order');
  const figure = (name: string) => page.getByRole('group', { name });
  await expect(figure('Active Admin Panels')).toContainText('20');
  await expect(figure('Active Admin Panels')).toContainText('Each panel supports up to 2,000+ mailboxes');
  await expect(figure('Completed Orders')).toContainText('3');
  await expect(figure('Processing Orders')).toContainText('0');
  await expect(figure('Total Purchases')).toContainText('3');

  const panels = page.getByRole('table', { name: 'Active admin panels' });
  // The server pages them, 10 at a time, with the documented pager.
  await expect(panels.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByRole('region', { name: 'Active' })).toContainText('20 panels ready to use');
  const pager = page.getByRole('navigation', { name: 'Active panels pages' });
  await expect(pager).toContainText('Showing 1–10 of 20');
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(pager).toContainText('Showing 11–20 of 20');
  await expect(panels.locator('tbody tr')).toHaveCount(10);
  await expectSelectableColumns(panels, ['Email', 'Password', 'Purchase Date', 'Status', 'Capacity']);
  await expect(panels.locator('tbody tr').first()).toContainText('Active');
  await expect(panels.locator('tbody tr').first()).toContainText('••••••••');
  await expect(page.getByRole('heading', { name: 'Processing' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' }).first()).toBeDisabled();

  const orders = page.getByRole('table', { name: 'Recent orders' });
  await expectSelectableColumns(orders, ['Order ID', 'Date', 'Quantity', 'Total', 'Status']);
  // Newest first: Pro + 7 add-ons (12), Basic + 2 (3), Pro (5).
  await expect(orders.locator('tbody tr td:nth-child(4)')).toHaveText(['12', '3', '5']);
  await expect(orders.locator('tbody tr td:nth-child(6)')).toHaveText([
    'Completed',
    'Completed',
    'Completed',
  ]);

  await page.getByRole('link', { name: 'View all orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('table', { name: 'Your orders' }).locator('tbody tr')).toHaveCount(3);
});

test('searches by e-mail, selects, reveals a password and exports the selection', async ({ page }) => {
  const panels = page.getByRole('table', { name: 'Active admin panels' });
  const rows = panels.locator('tbody tr');
  await expect(rows).toHaveCount(10);

  const firstEmail = (await rows.first().locator('td').nth(1).textContent()) ?? '';
  await page.getByLabel('Search panels by email').fill(firstEmail.toUpperCase());
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Search panels by email').fill('no-such-panel');
  await expect(page.getByRole('region', { name: 'Active' })).toContainText(
    'No panels match “no-such-panel”.',
  );
  await page.getByLabel('Search panels by email').fill('');
  await expect(rows).toHaveCount(10);

  // Show, then hide, one password (each showing is fetched on demand and audit-logged).
  const show = page.getByRole('button', { name: `Show password for ${firstEmail}` });
  await show.click();
  const hide = page.getByRole('button', { name: `Hide password for ${firstEmail}` });
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  const passwordCell = rows.first().locator('td').nth(2);
  await expect(passwordCell).toContainText(/Pnl-\S+/);
  const revealed = ((await passwordCell.locator('code').textContent()) ?? '').trim();
  await hide.click();
  await expect(passwordCell).toContainText('••••••••');
  await expect(passwordCell).not.toContainText(revealed);

  // Select three rows and export them.
  const exportButton = page.getByRole('button', { name: 'Export CSV' }).first();
  for (const i of [0, 1, 2]) await rows.nth(i).getByRole('checkbox').check();
  await expect(page.getByText('3 panels selected')).toBeVisible();
  await expect(exportButton).toBeEnabled();
  const { fileName, rows: csv } = await downloadCsv(exportButton);
  expect(fileName).toBe(`admin_panels_export_${todayUtc()}.csv`);
  expect(csv[0]).toEqual(PANELS_HEADER);
  expect(csv).toHaveLength(4);
  expect(csv[1]?.[1]).toBe(firstEmail);
  expect(csv[1]?.[2]).toBe(revealed);
  for (const row of csv.slice(1)) {
    expect(row[0]).toMatch(/^\d+$/);
    expect(row[3]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row[4]).toBe('Active');
    expect(row[5]).toBe('0/2000');
  }
  await expect(page.getByText('Export Successful')).toBeVisible();
  await expect(page.getByText('3 admin panels exported to CSV.')).toBeVisible();

  // Both the showing and the export are in the audit log, under the customer's name (D7).
  const admin = await adminApi(String(test.info().project.use.baseURL));
  for (const action of ['panel.password_revealed', 'panels.exported']) {
    const response = await admin.get(
      `/api/admin/audit?action=${action}&actor=${encodeURIComponent(DEMO.customer)}`,
    );
    expect(response.status(), await response.text()).toBe(200);
    expect(((await response.json()) as { total: number }).total, action).toBeGreaterThan(0);
  }
  await admin.dispose();

  // Select-all takes every row of the page; a second press clears them.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  const selectAll = page.getByRole('checkbox', { name: 'Select all panels on this page' });
  await selectAll.check();
  await expect(page.getByText('10 panels selected')).toBeVisible();
  await selectAll.uncheck();
  await expect(exportButton).toBeDisabled();
});

test('exports selected orders from Recent Orders', async ({ page }) => {
  const orders = page.getByRole('table', { name: 'Recent orders' });
  await orders.getByRole('checkbox', { name: 'Select all orders' }).check();
  const exportButton = page
    .getByRole('region', { name: 'Recent Orders' })
    .getByRole('button', { name: 'Export CSV' });
  const { fileName, rows: csv } = await downloadCsv(exportButton);
  expect(fileName).toBe(`orders_export_${todayUtc()}.csv`);
  expect(csv[0]).toEqual(ORDERS_HEADER);
  expect(csv.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([
    ['12', '4100.00', 'completed'],
    ['3', '1400.00', 'completed'],
    ['5', '2000.00', 'completed'],
  ]);
  await expect(page.getByText('3 orders exported to CSV.')).toBeVisible();
});

test('a failed load says so and offers Retry, never sample data (D3)', async ({ page }) => {
  await page.route('**/api/me/dashboard', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'boom', message: 'Down' } } }),
  );
  await page.reload();
  await expect(page.getByText('Failed to load dashboard data').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.unroute('**/api/me/dashboard');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table', { name: 'Active admin panels' }).locator('tbody tr')).toHaveCount(10);
});
