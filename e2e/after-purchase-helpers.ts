import { readFile } from 'node:fs/promises';
import {
  type APIRequestContext,
  type Download,
  expect,
  type Locator,
  type Page,
  request,
} from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { DEMO } from './accounts-helpers';
import { opening, shootEveryVariant } from './screenshots';

// Shared by the after-purchase journeys : buying through the sandbox API, the demo
// admin's stock operations, downloads read back, and screenshots.

/** Buys a plan as the page's signed-in customer: checkout, then the sandbox's Pay. Returns the order id. */
export async function buyPlan(page: Page, planId: string, additionalPanels: number): Promise<number> {
  const checkout = await page.request.post('/api/checkout', {
    data: { planId, additionalPanels, method: 'card' },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url, orderId } = (await checkout.json()) as { url: string; orderId: number };
  const sessionId = url.split('/').pop() ?? '';
  const pay = await page.request.post(`/api/sandbox/sessions/${encodeURIComponent(sessionId)}/pay`);
  expect(pay.status(), await pay.text()).toBe(200);
  return orderId;
}

/** An API client signed in as the demo admin (stock is an admin's business). */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL });
  const response = await admin.post('/api/auth/sign-in/email', {
    data: { email: DEMO.admin, password: DEMO.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return admin;
}

export async function availableStock(admin: APIRequestContext): Promise<number> {
  const response = await admin.get('/api/admin/panels?status=available');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

export interface StockPanel {
  email: string;
  password: string;
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Adds panels through the admin CSV import; waiting orders are filled from them, oldest first. */
export async function addStock(admin: APIRequestContext, panels: readonly StockPanel[]): Promise<void> {
  const body = ['email,password', ...panels.map((p) => `${csvCell(p.email)},${csvCell(p.password)}`)].join(
    '\n',
  );
  const response = await admin.post('/api/admin/panels/import', {
    headers: { 'content-type': 'text/csv' },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  const report = (await response.json()) as { accepted: number; rejected: unknown[] };
  expect(report.rejected).toEqual([]);
  expect(report.accepted).toBe(panels.length);
}

export async function downloadedText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

/** RFC 4180 parsing by a real CSV parser: what a spreadsheet would read. */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_column_count: false }) as string[][];
}

/** The CSV that clicking `control` downloads: the file name offered, and its rows, the header first. */
export async function downloadCsv(control: Locator): Promise<{ fileName: string; rows: string[][] }> {
  const [download] = await Promise.all([control.page().waitForEvent('download'), control.click()]);
  return { fileName: download.suggestedFilename(), rows: parseCsv(await downloadedText(download)) };
}

/** A selectable table's column headers: an empty one over the select-all checkbox, then `names`. */
export async function expectSelectableColumns(table: Locator, names: string[]): Promise<void> {
  await expect(table.getByRole('columnheader')).toHaveText(['', ...names]);
}

/** YYYY-MM-DD in UTC, as the export file names are dated. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Full-page screenshots at 1280 and 375 wide, light and dark, in test-results/screenshots
 * (for people to look at; never committed), each checked to be no wider than the screen.
 */
export const shoot = (page: Page, name: string, path: string, ready: (page: Page) => Promise<void>) =>
  shootEveryVariant(page, name, opening(path, ready), { axe: false, settle: false });
