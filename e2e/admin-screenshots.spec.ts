import { expect, type Page, test } from '@playwright/test';
import { signInAdmin, stockNow, withNewCustomer } from './admin-helpers';
import { opening, shootDialog, shootEveryVariant } from './screenshots';

// Every admin view and dialog at 1280 and 375 wide, light and dark, in test-results/screenshots
// for people to look at (never committed); each shot also checks that nothing is wider than
// the screen. axe checks every view at 1280 and every dialog at both widths, in both themes
// (contrast included). The data is real: a waiting order for the fulfillment queue and a refund
// request for the refund queue.

const PANELS_PER_ORDER = 55;

const loaded = (label: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: label })).toHaveCount(0);
};

const VIEWS = [
  { name: 'admin-overview', path: '/admin', ready: loaded('Loading admin panels') },
  {
    name: 'admin-fulfillment',
    path: '/admin?tab=fulfillment',
    ready: loaded('Loading the fulfillment queue'),
  },
  { name: 'admin-refunds', path: '/admin?tab=refunds', ready: loaded('Loading refund requests') },
  { name: 'admin-customers', path: '/admin?tab=customers', ready: loaded('Loading customers') },
  { name: 'admin-audit', path: '/admin?tab=audit', ready: loaded('Loading the audit log') },
];

test('every admin view and dialog, 1280 and 375, light and dark; axe finds nothing', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(300_000);

  await withNewCustomer(browser, info, 'shots', async ({ customer, baseURL, tag }) => {
    const refunded = await customer.buy('basic', 0);
    const asked = await customer.page.request.post(`/api/me/orders/${refunded}/refund-request`, {
      data: { reason: 'The panels arrived after our campaign had ended.' },
    });
    expect(asked.status(), await asked.text()).toBe(200);
    const orders = Math.floor((await stockNow(baseURL)) / PANELS_PER_ORDER) + 1;
    let waiting = 0;
    for (let i = 0; i < orders; i++) waiting = await customer.buy('enterprise', 30);
    await customer.close();

    await signInAdmin(page);
    // axe at 1280 in both themes; the order detail gets it at every width with its shots below.
    for (const view of VIEWS)
      await shootEveryVariant(page, view.name, opening(view.path, view.ready), { axe: 'wide' });

    await shootDialog(page, 'admin-order-detail', '/admin?tab=fulfillment', async (p) => {
      await p.getByRole('button', { name: `View order #${waiting}` }).click();
      await expect(p.getByRole('heading', { name: 'Status history' })).toBeVisible();
    });
    await shootDialog(page, 'admin-refund-approve', '/admin?tab=refunds', async (p) => {
      await p.getByRole('button', { name: `Approve refund for order #${refunded}` }).click();
      await expect(p.getByRole('dialog', { name: `Refund order #${refunded}?` })).toBeVisible();
    });
    await shootDialog(page, 'admin-customer-detail', '/admin?tab=customers', async (p) => {
      // Earlier journeys register customers too, so the demo customer may not be on page 1.
      await p.getByPlaceholder('Email or name').fill('customer@panelhub.example');
      await p.getByRole('button', { name: 'View customer@panelhub.example' }).click();
      await expect(p.getByRole('heading', { name: 'Panels (20)' })).toBeVisible();
    });
    await shootDialog(page, 'admin-add-panel', '/admin', async (p) => {
      await p.getByRole('button', { name: 'Add panel' }).click();
      await p.getByRole('dialog', { name: 'Add panel' }).getByRole('button', { name: 'Add panel' }).click();
      await expect(p.getByText('Enter the panel password.')).toBeVisible();
    });
    let round = 0;
    await shootDialog(page, 'admin-import-report', '/admin?tab=fulfillment', async (p) => {
      round += 1;
      await p.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = p.getByRole('dialog', { name: 'Import CSV' });
      const first = `shot-${tag}-${round}-a@panels.example`;
      const file = [
        'email,password',
        `${first},Shot-a`,
        `shot-${tag}-${round}-b@panels.example,Shot-b`,
        `${first},again`,
        'not-an-email,pw',
        `shot-${tag}-${round}-c@panels.example,`,
      ].join('\n');
      await dialog.getByLabel('Choose a file').setInputFiles({
        name: 'stock.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(file),
      });
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(dialog.getByText('2 panels accepted')).toBeVisible();
    });
  });
});
