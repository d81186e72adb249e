import { expect, test } from '@playwright/test';
import {
  addStock,
  adminApi,
  availableStock,
  buyPlan,
  downloadedText,
  parseCsv,
  type StockPanel,
  shoot,
} from './after-purchase-helpers';
import { signInNewCustomer } from './orders-helpers';

// An order larger than the stock waits in the Processing table (D7) with the time left on the
// 6-hour promise; when an admin adds stock the dashboard turns the panels active by itself
// (no reload). The delivered panels' passwords hold commas and quotes, so their export shows
// RFC 4180 escaping on a real download. Stock is put back afterwards for later journeys.

const ENTERPRISE_PANELS = 25;

test('panels waiting for stock show as processing and turn active without a reload', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const baseURL = String(info.project.use.baseURL);
  const admin = await adminApi(baseURL);
  const stockBefore = await availableStock(admin);
  const tag = Date.now().toString(36);
  try {
    await page.goto('/');
    await signInNewCustomer(page, 'waiting');
    const additional = Math.max(0, stockBefore + 3 - ENTERPRISE_PANELS);
    const orderId = await buyPlan(page, 'enterprise', additional);
    // What this order still misses, as the server counts it (older waiting orders, if any
    // journey left one, are served first).
    const stillMissing = async () => {
      const response = await page.request.get('/api/me/dashboard');
      const { processing } = (await response.json()) as {
        processing: Array<{ orderId: number; missing: number }>;
      };
      return processing.find((p) => p.orderId === orderId)?.missing ?? 0;
    };
    const missing = await stillMissing();
    expect(missing).toBeGreaterThanOrEqual(3);

    await page.goto('/dashboard');
    const processing = page.getByRole('table', { name: 'Panels being processed' });
    await expect(processing).toBeVisible();
    await expect(processing.getByRole('columnheader')).toHaveText([
      'Status',
      'Admin Email',
      'Password',
      'Order Date',
    ]);
    await expect(processing).toContainText(`Order #${orderId}`);
    await expect(processing).toContainText(/[56] h( \d+ min)? left/);
    // Its place in the delivery queue, and the shop's record beside it (docs/product.md §10).
    await expect(processing).toContainText(/(next|\d+(st|nd|rd|th)) in the delivery queue/);
    await expect(page.getByRole('heading', { name: 'Our delivery record, last 30 days' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Delivered within 6 hours' })).toBeVisible();
    const waitingRows = processing.locator('tbody tr').filter({ hasText: 'Updating soon...' });
    await expect(waitingRows).toHaveCount(Math.min(missing, 5));
    await expect(waitingRows.first()).toContainText('Available after processing');
    await expect(page.getByText('Processing typically takes up to 6 hours to complete')).toBeVisible();

    await shoot(page, 'dashboard-processing', '/dashboard', async (p) => {
      await expect(p.getByText('Processing typically takes up to 6 hours to complete')).toBeVisible();
      await expect(p.getByText(/\d+ panels ready to use/)).toBeVisible();
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard');
    await expect(processing).toBeVisible();

    // Stock arrives; the open page picks the delivery up on its next refresh.
    // Their passwords hold a comma and quotes, to see the export's escaping on a real file.
    const added: StockPanel[] = [];
    for (let round = 0; round < 5; round++) {
      const need = await stillMissing();
      if (need === 0) break;
      const batch = Array.from({ length: need }, (_, i) => ({
        email: `late-${tag}-${round}-${i}@panels.example`,
        password: `pw,${round}-${i} "quoted"`,
      }));
      await addStock(admin, batch);
      added.push(...batch);
    }
    await expect(processing).toBeHidden({ timeout: 25_000 });
    const active = page.getByRole('table', { name: 'Active admin panels' });
    // The delivered panels come in pages of 10 (the server pages them).
    await expect(active.locator('tbody tr')).toHaveCount(Math.min(10, ENTERPRISE_PANELS + additional));
    await expect(page.getByText(`${ENTERPRISE_PANELS + additional} panels ready to use`)).toBeVisible();

    await page.getByLabel('Search panels by email').fill(`late-${tag}-`);
    await expect(active.locator('tbody tr')).toHaveCount(missing);
    expect(missing).toBeLessThanOrEqual(10); // one page: select-all takes them all
    await page.getByRole('checkbox', { name: 'Select all panels on this page' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).first().click(),
    ]);
    const text = await downloadedText(download);
    expect(text).toMatch(/late-\w+-\d+-\d+@panels\.example,"pw,\d+-\d+ ""quoted""",/);
    const rows = parseCsv(text).slice(1);
    expect(rows).toHaveLength(missing);
    const passwordOf = new Map(added.map((p) => [p.email, p.password]));
    for (const row of rows) expect(row[2]).toBe(passwordOf.get(row[1] ?? ''));
    await expect(page.getByText(`${missing} admin panels exported to CSV.`)).toBeVisible();
  } finally {
    // Later journeys expect the stock the demo started with.
    const shortBy = stockBefore - (await availableStock(admin));
    if (shortBy > 0) {
      await addStock(
        admin,
        Array.from({ length: shortBy }, (_, i) => ({
          email: `restock-${tag}-${i}@panels.example`,
          password: `Restock-${i}`,
        })),
      );
    }
    await admin.dispose();
  }
});
