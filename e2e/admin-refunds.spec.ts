import { expect, test } from '@playwright/test';
import { signInAdmin, toast, withNewCustomer } from './admin-helpers';
import { adminApi } from './after-purchase-helpers';
import { myOrderStatus, myPanels } from './orders-helpers';

// The refund queue (D8): a customer asks within 14 days; the admin approves
// after a clear confirmation (the order is refunded, its panels revoked and gone from the
// customer), or denies with a note. A revoked panel comes back to stock with a new password.

test('approves a refund; the revoked panel is restocked with a new password', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);

  await withNewCustomer(browser, info, 'refund', async ({ customer, baseURL }) => {
    const orderId = await customer.buy('basic', 0);
    const asked = await customer.page.request.post(`/api/me/orders/${orderId}/refund-request`, {
      data: { reason: 'Bought the wrong plan, sorry.' },
    });
    expect(asked.status(), await asked.text()).toBe(200);

    await signInAdmin(page, 'refunds');
    const table = page.getByRole('table', { name: 'Refund requests' });
    const row = table.getByRole('row').filter({ hasText: customer.email });
    await expect(row).toContainText('Bought the wrong plan, sorry.');
    await expect(row).toContainText('$500');
    await expect(row).toContainText('14 days left');

    await row.getByRole('button', { name: `Approve refund for order #${orderId}` }).click();
    const confirm = page.getByRole('dialog', { name: `Refund order #${orderId}?` });
    await expect(confirm).toContainText('revokes the order');
    await expect(confirm).toContainText(customer.email);
    await confirm.getByRole('button', { name: 'Approve refund' }).click();
    await expect(toast(page, 'Refund approved')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);

    await page.getByLabel('Show refund requests').selectOption('approved');
    await expect(row).toContainText('Approved');

    // The customer's side: refunded, and the panel no longer theirs.
    await expect.poll(() => myOrderStatus(customer.page, orderId)).toBe('refunded');
    expect((await myPanels(customer.page)).filter((p) => p.orderId === orderId)).toEqual([]);
    await customer.close();

    // The revoked panel is retired; it goes back to stock only with a new password.
    const admin = await adminApi(baseURL);
    const detail = (await (await admin.get(`/api/admin/orders/${orderId}`)).json()) as {
      panels: Array<{ email: string; status: string }>;
    };
    await admin.dispose();
    const revoked = detail.panels[0];
    expect(revoked?.status).toBe('retired');

    await page.getByRole('tab', { name: 'Overview' }).click();
    const card = page.getByRole('region', { name: 'Admin Panels' });
    await page.getByLabel('Filter panels by status').selectOption('retired');
    await page.getByLabel('Search panels by email').fill(revoked?.email ?? '');
    const panelRow = card.getByRole('table', { name: 'Admin panels' }).locator('tbody tr');
    await expect(panelRow).toHaveCount(1);
    await expect(panelRow).toContainText('Retired');
    await panelRow.getByRole('button', { name: `Restock ${revoked?.email}` }).click();
    const restock = page.getByRole('dialog', { name: 'Restock panel' });
    await restock.getByRole('button', { name: 'Restock panel' }).click();
    await expect(restock.getByText('Enter the new password you set on the panel.')).toBeVisible();
    await restock.getByLabel('New password', { exact: true }).fill('Fresh-password-1');
    await restock.getByRole('button', { name: 'Restock panel' }).click();
    await expect(toast(page, 'Panel restocked')).toBeVisible();
    await page.getByLabel('Filter panels by status').selectOption('available');
    await expect(panelRow).toHaveCount(1);
    await expect(panelRow).toContainText('Available');
  });
});

test('denies a refund with a note for the customer', async ({ page, browser }, info) => {
  test.setTimeout(120_000);

  await withNewCustomer(browser, info, 'deny', async ({ customer }) => {
    const orderId = await customer.buy('basic', 0);
    const asked = await customer.page.request.post(`/api/me/orders/${orderId}/refund-request`, {
      data: { reason: 'Changed my mind.' },
    });
    expect(asked.status(), await asked.text()).toBe(200);

    await signInAdmin(page, 'refunds');
    const row = page
      .getByRole('table', { name: 'Refund requests' })
      .getByRole('row')
      .filter({ hasText: customer.email });
    await row.getByRole('button', { name: `Deny refund for order #${orderId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Deny the refund for order #${orderId}?` });
    await expect(dialog).toContainText('Changed my mind.');
    await dialog.getByRole('button', { name: 'Deny refund' }).click();
    await expect(dialog.getByText('Write a short note: the customer reads it.')).toBeVisible();
    await dialog.getByLabel('Note to the customer').fill('The panels have been in use for a week.');
    await dialog.getByRole('button', { name: 'Deny refund' }).click();
    await expect(toast(page, 'Refund denied')).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.getByLabel('Show refund requests').selectOption('denied');
    await expect(row).toContainText('Denied');
    await expect(row).toContainText('The panels have been in use for a week.');
    expect(await myOrderStatus(customer.page, orderId)).toMatch(/^(completed|paid)$/);
    await customer.close();
  });
});
