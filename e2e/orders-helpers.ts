import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { DEMO, registerUser, uniqueEmail } from './accounts-helpers';

const PASSWORD = 'order-journey-pw';

/**
 * A brand-new customer, signed in through the API in the page's own request context (the
 * page shares its cookies). Sign-ups are rate limited per IP, so only journeys that create
 * orders use one; read-only checks use the demo customer.
 */
export async function signInNewCustomer(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await registerUser(page, 'Order Tester', email, PASSWORD);
  await signInByApi(page, email, PASSWORD);
  return email;
}

export type SessionCookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/**
 * Registers one new customer for a whole spec file and returns its session cookies (add
 * them to each test's context), so several journeys cost a single rate-limited sign-up.
 */
export async function newCustomerCookies(
  browser: Browser,
  baseURL: string,
  tag: string,
): Promise<SessionCookies> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInNewCustomer(page, tag);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

export async function signInDemoCustomer(page: Page): Promise<void> {
  await signInByApi(page, DEMO.customer, DEMO.password);
}

/** Signs in through the API in the page's own request context (the page shares its cookies). */
export async function signInByApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

export interface MyPanel {
  id: number;
  orderId: number | null;
  status: 'active' | 'processing';
}

export async function myPanels(page: Page): Promise<MyPanel[]> {
  const response = await page.request.get('/api/me/panels');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { panels: MyPanel[] }).panels;
}

export async function myOrderStatus(page: Page, orderId: number): Promise<string | undefined> {
  const response = await page.request.get('/api/me/orders');
  expect(response.status()).toBe(200);
  const { orders } = (await response.json()) as { orders: Array<{ id: number; status: string }> };
  return orders.find((o) => o.id === orderId)?.status;
}

/** Pays the order form's selection by bank transfer: on to its instructions page. Returns the order id. */
export async function proceedByBankTransfer(page: Page): Promise<number> {
  await page.getByRole('radio', { name: 'Bank Transfer' }).check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/manual\/\d+$/);
  return Number(page.url().split('/').at(-1));
}

/** The additional-panels select's option values, as numbers. */
export async function addonOptions(page: Page): Promise<number[]> {
  const values = await page
    .getByLabel('Additional panels')
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  return values.map(Number);
}

export const range = (max: number): number[] => Array.from({ length: max + 1 }, (_, i) => i);
