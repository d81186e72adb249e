import { expect, test } from '@playwright/test';
import { orderByBankTransfer, signInAdmin, toast, withNewCustomer } from './admin-helpers';
import { downloadCsv, todayUtc } from './after-purchase-helpers';

// The Orders table of the admin console (D11): 5 per page with the pager's window,
// 'User #id' with the customer's e-mail, the detail view, marking a bank transfer as paid,
// canceling a pending order, and a selection exported with the admin order columns.

const ADMIN_ORDER_COLUMNS = ['Order ID', 'User ID', 'Quantity', 'Total Price ($)', 'Order Date', 'Status'];

test('orders: paging, detail, mark a bank transfer paid, cancel, export a selection', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);

  await withNewCustomer(browser, info, 'manual', async ({ customer }) => {
    // Two plans: a repeated checkout of the same selection reuses the pending order.
    // A third order makes at least 6 with the demo's 3: a second page of 5.
    await orderByBankTransfer(customer.page, 'enterprise');
    const toPay = await orderByBankTransfer(customer.page, 'basic');
    const toCancel = await orderByBankTransfer(customer.page, 'pro');
    expect(toCancel).toBeGreaterThan(toPay);
    await customer.close();

    await signInAdmin(page);
    const card = page.getByRole('region', { name: 'Orders' });
    const table = card.getByRole('table', { name: 'Orders' });
    const rows = table.locator('tbody tr');

    // 5 per page, newest first; the pager walks the pages.
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText(`#${toCancel}`);
    await expect(rows.first()).toContainText(customer.email);
    await expect(rows.first()).toContainText(/User #\S+/);
    await expect(rows.first()).toContainText('Pending');
    const pager = card.getByRole('navigation', { name: 'Orders pages' });
    await expect(pager).toContainText(/Showing 1–5 of \d+/);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(pager).toContainText(/Showing 6–\d+ of \d+/);
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('button', { name: 'Previous page' }).click();
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    // Mark the bank transfer as paid from the order's detail.
    await page.getByLabel('Search orders by order number or customer email').fill(String(toPay));
    await expect(rows).toHaveCount(1);
    await page.getByRole('button', { name: `View order #${toPay}` }).click();
    const detail = page.getByRole('dialog', { name: `Order #${toPay}` });
    await expect(detail).toContainText('Bank transfer');
    await expect(detail).toContainText(customer.email);
    await expect(detail).toContainText('No payment has been received.');
    await expect(detail.getByRole('heading', { name: 'Status history' })).toBeVisible();
    await expect(detail).toContainText('Order placed');
    await detail.getByRole('button', { name: 'Mark as paid' }).click();
    const confirmPaid = page.getByRole('dialog', { name: `Mark order #${toPay} as paid?` });
    await expect(confirmPaid).toContainText('$500');
    await confirmPaid.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(toast(page, 'Order marked as paid')).toBeVisible();
    await expect(detail).toContainText('Payment confirmed');
    await expect(detail).toContainText('Marked as paid');
    await expect(detail.getByRole('button', { name: 'Mark as paid' })).toBeHidden();
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(rows.first()).toContainText(/Completed|Processing/);
    await table.getByRole('checkbox', { name: `Select order #${toPay}` }).check();

    // Cancel the other pending order.
    await page.getByLabel('Search orders by order number or customer email').fill(String(toCancel));
    await expect(rows).toHaveCount(1);
    await table.getByRole('checkbox', { name: `Select order #${toCancel}` }).check();
    await page.getByRole('button', { name: `View order #${toCancel}` }).click();
    const other = page.getByRole('dialog', { name: `Order #${toCancel}` });
    await other.getByRole('button', { name: 'Cancel order' }).click();
    const confirmCancel = page.getByRole('dialog', { name: `Cancel order #${toCancel}?` });
    await confirmCancel.getByRole('button', { name: 'Cancel order' }).click();
    await expect(toast(page, 'Order canceled')).toBeVisible();
    await expect(other).toContainText('Canceled');
    await expect(other.getByRole('button', { name: 'Cancel order' })).toBeHidden();
    await other.getByRole('button', { name: 'Close' }).click();

    // The selection made under two searches is exported with the admin order columns.
    await expect(card.getByText('2 orders selected')).toBeVisible();
    const { fileName, rows: csv } = await downloadCsv(card.getByRole('button', { name: 'Export CSV' }));
    expect(fileName).toBe(`orders_export_${todayUtc()}.csv`);
    expect(csv[0]).toEqual(ADMIN_ORDER_COLUMNS);
    expect(csv.slice(1).map((r) => [r[0], r[2], r[3], r[5]])).toEqual([
      [String(toCancel), '5', '2000.00', 'canceled'],
      [String(toPay), '1', '500.00', expect.stringMatching(/^(completed|paid)$/)],
    ]);
    await expect(toast(page, '2 orders exported to CSV.')).toBeVisible();
    await card.getByRole('button', { name: 'Clear selection' }).click();
    await expect(card.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
