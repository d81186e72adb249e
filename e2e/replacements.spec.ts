import { expect, type Page, test } from '@playwright/test';
import { signInAdmin, toast, withNewCustomer } from './admin-helpers';
import { myPanels } from './orders-helpers';
import { opening, shootEveryVariant } from './screenshots';

// The panel replacement warranty (docs/product.md §11): a customer reports a problem on an
// active panel, an admin replaces it from the Replacements tab, and the customer finds the new
// panel's credentials on the dashboard and the request marked replaced.

interface Panel {
  id: number;
  orderId: number | null;
  email: string;
}

async function panelOf(page: Page, orderId: number): Promise<Panel> {
  await expect.poll(async () => (await myPanels(page)).filter((p) => p.orderId === orderId).length).toBe(1);
  const response = await page.request.get('/api/me/panels');
  const { panels } = (await response.json()) as { panels: Panel[] };
  const panel = panels.find((p) => p.orderId === orderId);
  if (!panel) throw new Error(`no panel for order ${orderId}`);
  return panel;
}

const dashboardReady = async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Show|Hide) password for / }).first()).toBeVisible();
};

test('a reported panel is replaced by an admin; the customer sees the new credentials', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);

  await withNewCustomer(browser, info, 'replace', async ({ customer }) => {
    const orderId = await customer.buy('basic', 0);
    const old = await panelOf(customer.page, orderId);
    const reportButton = (p: Page) => p.getByRole('button', { name: `Report a problem with ${old.email}` });
    const dialog = (p: Page) => p.getByRole('dialog', { name: 'Report a problem' });

    // The report dialog, in every variant, closed again without sending.
    await shootEveryVariant(
      customer.page,
      'replacement-report-dialog',
      opening('/dashboard', async (p) => {
        await dashboardReady(p);
        await reportButton(p).click();
        await expect(dialog(p)).toContainText('up to 2 times per panel in each billing period');
      }),
      { fullPage: false },
    );
    await customer.page.keyboard.press('Escape');
    await customer.page.setViewportSize({ width: 1280, height: 900 });

    await customer.page.goto('/dashboard');
    await dashboardReady(customer.page);
    await reportButton(customer.page).click();
    // Nothing chosen: the dialog says what is missing and sends nothing.
    await dialog(customer.page).getByRole('button', { name: 'Report problem' }).click();
    await expect(dialog(customer.page)).toContainText('Choose what is wrong.');
    await dialog(customer.page).getByRole('radio', { name: 'I cannot sign in' }).check();
    await dialog(customer.page)
      .getByLabel('Note (optional)')
      .fill('The sign-in page says the password is wrong.');
    await dialog(customer.page).getByRole('button', { name: 'Report problem' }).click();
    await expect(toast(customer.page, 'Problem reported')).toBeVisible();
    await expect(dialog(customer.page)).toBeHidden();

    const activeRow = customer.page
      .getByRole('table', { name: 'Active admin panels' })
      .getByRole('row')
      .filter({ hasText: old.email });
    await expect(activeRow).toContainText('Replacement requested');
    const requests = customer.page.getByRole('table', { name: 'Replacement requests' });
    await expect(requests.getByRole('row').filter({ hasText: old.email })).toContainText('I cannot sign in');

    // A second report within 24 hours is refused with words the customer can act on.
    const again = await customer.page.request.post(`/api/me/panels/${old.id}/replacement-request`, {
      data: { reason: 'other', note: '' },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'You reported this panel less than 24 hours ago. We are on it; you will get an e-mail when it is replaced.',
    );

    // The admin's queue: the request with its 6-hour clock, shot in every variant.
    await signInAdmin(page, 'replacements');
    const queueRow = () =>
      page
        .getByRole('table', { name: 'Replacement requests' })
        .getByRole('row')
        .filter({ hasText: customer.email });
    await expect(queueRow()).toContainText('I cannot sign in');
    await expect(queueRow()).toContainText('The sign-in page says the password is wrong.');
    await expect(queueRow()).toContainText(/\d+ h( \d+ min)? left|\d+ min left/);
    await shootEveryVariant(
      page,
      'replacement-admin-queue',
      opening('/admin?tab=replacements', async (p) => {
        await expect(p.getByRole('heading', { name: 'Replacement requests' })).toBeVisible();
        await expect(p.getByText(old.email).filter({ visible: true }).first()).toBeVisible();
      }),
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin?tab=replacements');
    await queueRow()
      .getByRole('button', { name: `Replace ${old.email}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Replace ${old.email}?` });
    await expect(confirm).toContainText(`order #${orderId}`);
    await confirm.getByRole('button', { name: 'Replace panel' }).click();
    await expect(toast(page, 'Panel replaced')).toBeVisible();
    await expect(queueRow()).toHaveCount(0);
    await page.getByLabel('Show replacement requests').selectOption('replaced');
    await expect(queueRow()).toContainText('Replaced');

    // The customer: the new panel under Active with its password, the old one gone from it,
    // and the request marked replaced.
    const fresh = await panelOf(customer.page, orderId);
    expect(fresh.id).not.toBe(old.id);
    await customer.page.goto('/dashboard');
    await dashboardReady(customer.page);
    const active = customer.page.getByRole('table', { name: 'Active admin panels' });
    await expect(active.getByRole('row').filter({ hasText: old.email })).toHaveCount(0);
    const freshRow = active.getByRole('row').filter({ hasText: fresh.email });
    await freshRow.getByRole('button', { name: `Show password for ${fresh.email}` }).click();
    await expect(freshRow.getByRole('button', { name: `Hide password for ${fresh.email}` })).toBeVisible();
    await expect(freshRow.locator('code')).not.toContainText('••');
    const replacedRow = requests.getByRole('row').filter({ hasText: old.email });
    await expect(replacedRow).toContainText('Replaced');
    await expect(replacedRow).toContainText(fresh.email);

    await shootEveryVariant(
      customer.page,
      'replacement-customer-requests',
      opening('/dashboard', async (p) => {
        await dashboardReady(p);
        await expect(p.getByRole('heading', { name: 'Replacement requests' })).toBeVisible();
      }),
    );
    await customer.close();
  });
});

test('/refund and /help state the warranty with the configured limit', async ({ page }) => {
  await page.goto('/refund');
  const terms = page.getByRole('heading', { name: 'Free replacement of a panel that stops working' });
  await expect(terms).toBeVisible();
  await expect(page.locator('main')).toContainText('up to 2 times per panel in each billing period');
  await expect(page.locator('main')).toContainText('Report a problem');

  await page.goto('/help');
  const section = page.getByRole('region', { name: 'If a panel stops working' });
  await expect(section).toContainText('up to 2 times per panel in each billing period');
  await section.getByRole('link', { name: 'Read the replacement terms' }).click();
  await expect(page).toHaveURL(/\/refund#replacements$/);
  await expect(terms).toBeVisible();
});
