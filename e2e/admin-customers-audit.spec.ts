import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO } from './accounts-helpers';
import { newCustomer, signInAdmin, toast } from './admin-helpers';

// Customers and the audit log (D11): search, a customer's orders and
// panels, role changes with a confirmation (the server's refusal to demote the last admin is
// shown in its own words), and who did what, when, filterable by action.

/** Presses a role button in a customer's dialog, then the same button in its confirmation. */
async function changeRole(page: Page, detail: Locator, button: string, confirmation: string) {
  await detail.getByRole('button', { name: button }).click();
  await page.getByRole('dialog', { name: confirmation }).getByRole('button', { name: button }).click();
}

test('customers: search, detail, roles; the last admin cannot be demoted; the audit log shows it', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const baseURL = String(info.project.use.baseURL);
  const customer = await newCustomer(browser, baseURL, 'roles');
  await customer.close();

  await signInAdmin(page, 'customers');
  const table = page.getByRole('table', { name: 'Customers' });
  const search = page.getByLabel('Search customers by email or name');

  // Typing too little is held back with the server's rule, not sent.
  await search.fill('cu');
  await expect(page.getByText('Type at least 3 characters to search.')).toBeVisible();

  // The demo customer: three orders, twenty panels (D3).
  await search.fill(DEMO.customer);
  const demoRow = table.locator('tbody tr');
  await expect(demoRow).toHaveCount(1);
  await expect(demoRow.locator('td').nth(2)).toHaveText('3');
  await expect(demoRow.locator('td').nth(3)).toHaveText('20');
  await demoRow.getByRole('button', { name: `View ${DEMO.customer}` }).click();
  const detail = page.getByRole('dialog', { name: 'Casey Customer' });
  await expect(detail.getByRole('heading', { name: 'Orders (3)' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Panels (20)' })).toBeVisible();
  // Their workspaces with each one's members: the demo customer has their personal one.
  await expect(detail.getByRole('heading', { name: 'Workspaces (1)' })).toBeVisible();
  await expect(detail.getByRole('list', { name: 'Workspaces of this customer' })).toContainText(
    `Personal personal · Owner here · 1 member${DEMO.customer} (Owner)`,
  );
  await detail.getByRole('button', { name: 'Close' }).click();

  // The only admin cannot lose the role: the server says why.
  await search.fill(DEMO.admin);
  await table.getByRole('button', { name: `View ${DEMO.admin}` }).click();
  const adminDetail = page.getByRole('dialog', { name: 'Avery Admin' });
  await adminDetail.getByRole('button', { name: 'Remove admin role' }).click();
  const refuse = page.getByRole('dialog', { name: 'Remove the admin role?' });
  await refuse.getByRole('button', { name: 'Remove admin role' }).click();
  await expect(refuse.getByRole('alert')).toHaveText(
    'This is the last admin; make another user admin first.',
  );
  await expect(toast(page, 'Could not change the role')).toBeVisible();
  await refuse.getByRole('button', { name: 'Cancel' }).click();
  await adminDetail.getByRole('button', { name: 'Close' }).click();

  // A customer made admin, then back.
  await search.fill(customer.email);
  await table.getByRole('button', { name: `View ${customer.email}` }).click();
  const newDetail = page.getByRole('dialog', { name: 'Order Tester' });
  await changeRole(page, newDetail, 'Make admin', 'Make this user an admin?');
  await expect(toast(page, `${customer.email} is now an admin.`)).toBeVisible();
  await expect(newDetail.getByRole('button', { name: 'Remove admin role' })).toBeVisible();
  await changeRole(page, newDetail, 'Remove admin role', 'Remove the admin role?');
  await expect(toast(page, `${customer.email} is now a customer.`)).toBeVisible();
  await newDetail.getByRole('button', { name: 'Close' }).click();
  await expect(table.locator('tbody tr')).toContainText('Customer');

  // The audit log, reached with the keyboard (arrow keys move along the tabs): both role
  // changes, by the demo admin, newest first.
  await page.getByRole('tab', { name: 'Customers' }).press('ArrowRight');
  await expect(page).toHaveURL(/tab=audit/);
  const log = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
  await page.getByLabel('Filter by action').selectOption({ label: 'Role changes' });
  // (details keep the database's key order: jsonb sorts them)
  await expect(log.nth(0)).toContainText(/To: user · From: admin|From: admin · To: user/);
  await expect(log.nth(1)).toContainText(/To: admin · From: user|From: user · To: admin/);
  await expect(log.nth(0)).toContainText(DEMO.admin);
  await page.getByLabel('Filter by action').selectOption({ label: 'Sign-ins' });
  await page.getByLabel('Filter by who did it').fill(DEMO.admin);
  await expect(log.first()).toContainText('Signed in');
  await expect(log.first()).toContainText(DEMO.admin);
  for (const text of await log.locator('td:nth-child(3)').allTextContents())
    expect(text).toContain('Signed in');
});
