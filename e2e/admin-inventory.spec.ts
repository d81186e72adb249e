import { expect, test } from '@playwright/test';
import { signInAdmin, stockNow, toast, withNewCustomer } from './admin-helpers';
import { downloadCsv, todayUtc } from './after-purchase-helpers';

// The operator's stock journey (D7): orders larger than the stock wait in the
// fulfillment queue with the stock warning; a CSV import (good rows, a duplicate, a malformed
// e-mail) reports row by row and fills the waiting order at once, emptying the queue; the new
// panels are found by search, filtered by their real status, and exported, as a selection
// across pages and as "all matching", with the documented admin columns.

const PANELS_PER_ORDER = 55; // enterprise (25) + 30 add-ons
const ADMIN_PANEL_COLUMNS = ['Panel ID', 'Email', 'Password', 'Purchase Date', 'Status', 'Max Users'];

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

test('an import fills the waiting order; the panels are searched, filtered and exported', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);

  await withNewCustomer(browser, info, 'queue', async ({ customer, baseURL, tag }) => {
    // Enough 55-panel orders to run out: the last one waits for `missing` panels.
    const stock = await stockNow(baseURL);
    const orders = Math.floor(stock / PANELS_PER_ORDER) + 1;
    let waitingOrder = 0;
    for (let i = 0; i < orders; i++) waitingOrder = await customer.buy('enterprise', 30);
    const missing = orders * PANELS_PER_ORDER - stock;
    await customer.close();

    await signInAdmin(page, 'fulfillment');
    const queue = page.getByRole('table', { name: 'Fulfillment queue' });
    const waitingRow = queue.getByRole('row').filter({ hasText: `#${waitingOrder}` });
    await expect(waitingRow).toContainText(customer.email);
    await expect(waitingRow).toContainText(`${PANELS_PER_ORDER - missing} of ${PANELS_PER_ORDER}`);
    await expect(waitingRow).toContainText(/[56] h( \d+ min)? left/);
    await expect(page.getByText(`Stock is short: waiting orders need ${missing} panels`)).toBeVisible();

    // More good rows than the order needs, so the search below spans two pages of 10.
    const good = Array.from({ length: Math.max(missing + 2, 12) }, (_, i) => ({
      email: `imp-${tag}-${String(i).padStart(2, '0')}@panels.example`,
      password: i === 0 ? 'pw,with "quotes"' : `Imp-${tag}-${i}`,
    }));
    const file = [
      'email,password,domains,max_mailboxes',
      ...good.map((p) => `${p.email},${csvCell(p.password)},699,2000`),
      `${good[1]?.email},another-password,699,2000`,
      'not-an-email,pw,699,2000',
    ].join('\n');
    const duplicateLine = good.length + 2;

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await dialog.getByLabel('Choose a file').setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    await expect(dialog.getByText('stock.csv')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText(`${good.length} panels accepted`)).toBeVisible();
    await expect(dialog.getByText(`Order #${waitingOrder} completed`)).toBeVisible();
    const rejected = dialog.getByRole('table', { name: 'Rejected rows' }).locator('tbody tr');
    await expect(rejected).toHaveCount(2);
    await expect(rejected.nth(0).locator('td')).toHaveText([
      String(duplicateLine),
      good[1]?.email ?? '',
      'Duplicate e-mail: also on line 3.',
    ]);
    await expect(rejected.nth(1).locator('td')).toHaveText([
      String(duplicateLine + 1),
      'not-an-email',
      'Not a valid e-mail address.',
    ]);
    await expect(toast(page, 'Import finished')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The waiting order took its panels at once: the queue is empty and the warning gone.
    await expect(page.getByText('No paid orders are waiting for panels.')).toBeVisible();
    await expect(page.getByText(/Stock is short/)).toBeHidden();

    // Search the new panels on the overview: 10 per page, the pager because there are more.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const card = page.getByRole('region', { name: 'Admin Panels' });
    const panels = card.getByRole('table', { name: 'Admin panels' });
    const rows = panels.locator('tbody tr');
    await page.getByLabel('Search panels by email').fill(`imp-${tag}-`);
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText(`imp-${tag}-`);
    const pager = page.getByRole('navigation', { name: 'Admin panels pages' });
    await expect(pager).toContainText(`Showing 1–10 of ${good.length}`);
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    // Each panel shows its real status: the first imported went to the order, with its owner.
    await page.getByLabel('Filter panels by status').selectOption('sold');
    await expect(rows).toHaveCount(missing);
    await expect(rows.first()).toContainText(`to ${customer.email}`);
    await expect(pager).toBeHidden();
    await page.getByLabel('Filter panels by status').selectOption('available');
    await expect(rows).toHaveCount(good.length - missing);
    await expect(rows.first()).toContainText('Available');

    // One exact e-mail: one row, no pager (only above 10 rows); its password on request.
    await page.getByLabel('Filter panels by status').selectOption('');
    await page.getByLabel('Search panels by email').fill(good[0]?.email ?? '');
    await expect(rows).toHaveCount(1);
    await expect(pager).toBeHidden();
    await page.getByRole('button', { name: `Show password for ${good[0]?.email}` }).click();
    await expect(rows.first()).toContainText('pw,with "quotes"');

    // A selection across both pages, exported with the documented admin columns.
    await page.getByLabel('Search panels by email').fill(`imp-${tag}-`);
    await expect(pager).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all panels on this page' }).check();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(pager).toContainText(`Showing 11–${good.length} of ${good.length}`);
    await page.getByRole('checkbox', { name: 'Select all panels on this page' }).check();
    await expect(page.getByText(`${good.length} panels selected`)).toBeVisible();
    const { fileName, rows: selected } = await downloadCsv(card.getByRole('button', { name: 'Export CSV' }));
    expect(fileName).toBe(`admin_panels_export_${todayUtc()}.csv`);
    expect(selected[0]).toEqual(ADMIN_PANEL_COLUMNS);
    expect(selected.slice(1).map((r) => [r[1], r[2], r[5]])).toEqual(
      [...good].reverse().map((p) => [p.email, p.password, '2000']),
    );
    await expect(toast(page, `${good.length} admin panels exported to CSV.`)).toBeVisible();

    // "Export all matching": the server's stream of the same filter, same columns.
    const { rows: all } = await downloadCsv(card.getByRole('link', { name: 'Export all matching' }));
    expect(all[0]).toEqual(ADMIN_PANEL_COLUMNS);
    expect(
      all
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(good.map((p) => p.email).sort());
    expect(all.filter((r) => r[4] === 'sold')).toHaveLength(missing);
  });
});
