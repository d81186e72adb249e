import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../src/server/testing/pdf-text';
import { toast } from './admin-helpers';
import { adminApi, buyPlan } from './after-purchase-helpers';
import { newCustomerCookies, type SessionCookies } from './orders-helpers';
import { opening, shootEveryVariant } from './screenshots';

// The billing profile on /billing (docs/decisions/0013-invoices-and-tax.md): a VAT number in
// the wrong format is refused with its message, the fixed profile goes on the next invoice,
// and a refund brings a credit note. Both PDFs are rendered to PNG for people to look at.

test.describe.configure({ mode: 'serial' });

const SHOTS = 'test-results/screenshots';
let cookies: SessionCookies = [];
let orderId = 0;

test.beforeAll(async ({ browser }, info) => {
  cookies = await newCustomerCookies(browser, String(info.project.use.baseURL), 'billing-profile');
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(cookies);
});

const section = (page: Page) => page.getByRole('region', { name: 'Billing details' });

/** The PDF behind a download link, saved and rendered to `${name}-1.png` with pdftoppm. */
async function pdfBehind(page: Page, linkName: RegExp, name: string): Promise<string> {
  const link = page.getByRole('link', { name: linkName });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^(INV|CN)-\d{4}\.pdf$/);
  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(response.headers()['content-type']).toContain('application/pdf');
  const pdf = await response.body();
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/${name}.pdf`, pdf);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    `${SHOTS}/${name}.pdf`,
    `${SHOTS}/${name}`,
  ]);
  return pdfText(pdf);
}

test('refuses a VAT number in the wrong format, then saves the fixed profile', async ({ page }) => {
  await page.goto('/billing');
  const form = section(page);
  await form.getByLabel('Company name').fill('Acme Hosting GmbH');
  await form.getByLabel('Address').fill('Torstrasse 12\n10119 Berlin');
  await form.getByLabel('Country').selectOption('DE');
  await form.getByLabel('VAT number').fill('DE12345');
  await form.getByLabel('Invoice e-mail').fill('not-an-address');
  await form.getByRole('button', { name: 'Save billing details' }).click();
  await expect(
    form.getByText('This is not a valid VAT number for Germany; it looks like DE123456789.'),
  ).toBeVisible();
  await expect(form.getByText('Enter a valid email address.')).toBeVisible();
  await expect(form.getByLabel('VAT number')).toBeFocused();

  await form.getByLabel('VAT number').fill('DE 123 456 789');
  await form.getByLabel('Invoice e-mail').fill('accounts@acme.example');
  await form.getByRole('button', { name: 'Save billing details' }).click();
  await expect(toast(page, 'Billing details saved')).toBeVisible();
  await expect(form.getByLabel('VAT number')).toHaveValue('DE123456789');

  await page.reload();
  await expect(section(page).getByLabel('Country')).toHaveValue('DE');
  await expect(section(page).getByLabel('Company name')).toHaveValue('Acme Hosting GmbH');
});

test('the billing details look right at 1280 and 375, light and dark, and pass axe', async ({ page }) => {
  // Four variants, each a page load, two shots and an axe run: past 30 s on a busy machine.
  test.setTimeout(90_000);
  await page.goto('/billing');
  await shootEveryVariant(
    page,
    'billing-page-with-profile',
    opening('/billing', async (p) => {
      await expect(section(p).getByLabel('Company name')).toHaveValue('Acme Hosting GmbH');
      // The section alone too, where the page shot makes it small.
      const width = p.viewportSize()?.width;
      const theme = await p.evaluate(() => localStorage.getItem('ui-theme'));
      // The sticky top bar would cover the section's top at 375.
      await section(p).screenshot({
        path: `${SHOTS}/billing-profile-${width}-${theme}.png`,
        style: 'header { visibility: hidden !important; }',
      });
      // Back to the top, or the whole-page shot catches the bars where the section scrolled them.
      await p.evaluate(() => window.scrollTo(0, 0));
    }),
  );
});

test('the next invoice is made out to the profile, from the seller', async ({ page }) => {
  orderId = await buyPlan(page, 'basic', 0);
  await page.goto('/billing');
  const text = await pdfBehind(page, /^Download invoice INV-\d{4} \(PDF\)$/, 'invoice');
  for (const part of [
    'PanelHub',
    'Seattle, WA, United States',
    'Acme Hosting GmbH',
    'Torstrasse 12',
    '10119 Berlin',
    'Germany',
    'VAT number: DE123456789',
    'Total (USD)',
    '$500',
  ])
    expect(text).toContain(part);
});

test('a refund brings a credit note for the invoice, on the billing page', async ({ page }, info) => {
  const asked = await page.request.post(`/api/me/orders/${orderId}/refund-request`, {
    data: { reason: 'Testing credit notes.' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const { id } = (await asked.json()) as { id: number };
  const admin = await adminApi(String(info.project.use.baseURL));
  const approved = await admin.post(`/api/admin/refunds/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.dispose();

  await page.goto('/billing');
  const text = await pdfBehind(page, /^Download credit note CN-\d{4} for INV-\d{4} \(PDF\)$/, 'credit-note');
  expect(text).toMatch(/Credit note CN-\d{4}/);
  expect(text).toMatch(/Credits invoice: INV-\d{4}/);
  expect(text).toContain('Acme Hosting GmbH');
  expect(text).toContain('PanelHub');
  expect(text).toContain('-$500');

  // The refunded payment in the purchase history: its invoice and its credit note.
  await shootEveryVariant(
    page,
    'billing-credit-note',
    opening('/billing', async (p) => {
      await expect(
        p.getByRole('link', { name: /^Download credit note CN-\d{4} for INV-\d{4} \(PDF\)$/ }),
      ).toBeVisible();
    }),
  );
});
