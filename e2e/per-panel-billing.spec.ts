import { expect, type Page, test } from '@playwright/test';
import { addStock, adminApi, buyPlan } from './after-purchase-helpers';
import { newCustomerCookies, type SessionCookies } from './orders-helpers';
import { shootDialog, shootEveryVariant } from './screenshots';

// Per-panel billing on the dashboard (D8, docs/decisions/0017): a new customer buys Basic with
// two add-ons (3 panels) in the sandbox, cancels one panel from its row, and reads that it ends
// with the period while the other two renew; /billing says the next renewal covers 2 of 3.
// One customer for the file; the journeys run in order and build on each other.

test.describe.configure({ mode: 'serial' });

let cookies: SessionCookies = [];
let panelEmails: string[] = [];

const DATE = /\w{3} \d{1,2}, \d{4}/;

test.beforeAll(async ({ browser }, info) => {
  const baseURL = String(info.project.use.baseURL);
  // Stock of our own, so the journey does not depend on what other journeys left.
  const admin = await adminApi(baseURL);
  const tag = Date.now().toString(36);
  await addStock(
    admin,
    [1, 2, 3].map((n) => ({ email: `per-panel-${tag}-${n}@panels.example`, password: `Pnl-${tag}-${n}x!` })),
  );
  await admin.dispose();
  cookies = await newCustomerCookies(browser, baseURL, 'per-panel');
  const context = await browser.newContext({ baseURL });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await buyPlan(page, 'basic', 2);
  const mine = (await (await page.request.get('/api/me/panels')).json()) as { panels: { email: string }[] };
  panelEmails = mine.panels.map((p) => p.email).sort();
  await context.close();
  expect(panelEmails).toHaveLength(3);
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(cookies);
});

/** The panel's row on a wide screen, or its card on a phone. */
const panelEntry = (page: Page, email: string) =>
  page
    .getByRole('table', { name: 'Active admin panels' })
    .locator('tbody tr')
    .filter({ hasText: email })
    .or(
      page
        .getByRole('list', { name: 'Active admin panels' })
        .getByRole('listitem')
        .filter({ hasText: email }),
    );

test('cancels one panel from its row: it ends with the period, the others renew', async ({ page }) => {
  const [first, ...others] = panelEmails as [string, ...string[]];
  await page.goto('/dashboard');
  for (const email of panelEmails)
    await expect(panelEntry(page, email)).toContainText(/Renews \w{3} \d{1,2}, \d{4}/);

  await page.getByRole('button', { name: `Cancel panel ${first}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this panel?' });
  await expect(dialog).toContainText(first);
  await expect(dialog).toContainText(new RegExp(`The panel stays active until ${DATE.source}`));
  await expect(dialog).toContainText('There are no pro-rated refunds.');
  await dialog.getByRole('button', { name: 'Cancel panel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('1 panel canceled')).toBeVisible();

  await expect(panelEntry(page, first)).toContainText(/Ends \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByRole('button', { name: `Resume panel ${first}` })).toBeVisible();
  for (const email of others) await expect(panelEntry(page, email)).toContainText(/Renews/);

  await page.goto('/billing');
  await expect(page.getByText('Next renewal: 2 of 3 panels for $950')).toBeVisible();
});

test('selects panels and resumes the canceled one through the selection', async ({ page }) => {
  const [first] = panelEmails as [string];
  await page.goto('/dashboard');
  await page.getByRole('checkbox', { name: 'Select all panels on this page' }).check();
  // Only the canceled panel can be resumed: the dialog names it alone.
  await page.getByRole('button', { name: 'Resume selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resume this panel?' });
  await expect(dialog).toContainText(first);
  await dialog.getByRole('button', { name: 'Resume panel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panelEntry(page, first)).toContainText(/Renews/);
  await expect(page.getByRole('button', { name: 'Resume selected' })).toBeDisabled();

  // Cancelled again for the screenshots below.
  await page.getByRole('button', { name: `Cancel panel ${first}` }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this panel?' })
    .getByRole('button', { name: 'Cancel panel' })
    .click();
  await expect(panelEntry(page, first)).toContainText(/Ends/);
});

test('screenshots: the dashboard with a canceled panel', async ({ page }) => {
  test.setTimeout(240_000);
  const [first, second] = panelEmails as [string, string];
  // The theme is kept in the page's storage: a page of ours must be open to set it.
  await page.goto('/dashboard');
  await shootEveryVariant(page, 'per-panel-dashboard', async (p) => {
    await p.goto('/dashboard');
    await expect(panelEntry(p, first)).toContainText(/Ends/);
    await expect(panelEntry(p, second)).toContainText(/Renews/);
  });
});

test('screenshots: the confirmation', async ({ page }) => {
  test.setTimeout(240_000);
  const [, second] = panelEmails as [string, string];
  await page.goto('/dashboard');
  await shootDialog(page, 'per-panel-cancel-dialog', '/dashboard', async (p) => {
    await p.getByRole('button', { name: `Cancel panel ${second}` }).click();
    await expect(p.getByRole('dialog', { name: 'Cancel this panel?' })).toBeVisible();
  });
});

test('screenshots: /billing with the next renewal', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/billing');
  await shootEveryVariant(page, 'per-panel-billing', async (p) => {
    await p.goto('/billing');
    await expect(p.getByText('Next renewal: 2 of 3 panels for $950')).toBeVisible();
  });
});
