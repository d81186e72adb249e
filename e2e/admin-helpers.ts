import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { DEMO } from './accounts-helpers';
import { addStock, adminApi, availableStock, buyPlan } from './after-purchase-helpers';
import { signInByApi, signInNewCustomer } from './orders-helpers';

// Shared by the admin console journeys : the demo admin signing in,
// customers who buy through the API in their own browser context, and stock kept as found.

/**
 * Signs the demo admin in, then opens /admin (optionally on a tab). Through the API in the page's
 * own context: the /login form and where it leads an admin are the accounts journeys' business
 * (accounts-guards.spec.ts), and here they would cost two page loads a journey.
 */
export async function signInAdmin(page: Page, tab?: string): Promise<void> {
  await signInByApi(page, DEMO.admin, DEMO.password);
  await page.goto(tab ? `/admin?tab=${tab}` : '/admin');
  // The context's first page: the browser compiles the app's scripts cold, which on a busy
  // machine takes longer than the default 5 s (the /login form warmed them before).
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
}

/** A brand-new customer in a browser context of its own, so the admin's page keeps its session. */
export async function newCustomer(browser: Browser, baseURL: string, tag: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  const email = await signInNewCustomer(page, tag);
  return {
    email,
    page,
    buy: (planId: string, additionalPanels: number) => buyPlan(page, planId, additionalPanels),
    close: () => context.close(),
  };
}

/** A manual (bank transfer) order: created, waiting for its payment. Returns its id. */
export async function orderByBankTransfer(page: Page, planId: string): Promise<number> {
  const response = await page.request.post('/api/checkout', {
    data: { planId, additionalPanels: 0, method: 'bank_transfer' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { orderId: number }).orderId;
}

/**
 * Runs `work`, then puts back any available stock it used up: later journeys (the customer
 * dashboard's) count on the demo's stock.
 */
export async function keepingStock(baseURL: string, tag: string, work: () => Promise<void>): Promise<void> {
  const admin = await adminApi(baseURL);
  const before = await availableStock(admin);
  try {
    await work();
  } finally {
    // New stock first fills orders still waiting, so top up until the count is back.
    for (let round = 0; round < 3; round++) {
      const shortBy = before - (await availableStock(admin));
      if (shortBy <= 0) break;
      await addStock(
        admin,
        Array.from({ length: shortBy }, (_, i) => ({
          email: `admin-restock-${tag}-${round}-${i}@panels.example`,
          password: `Restock-${tag}-${i}`,
        })),
      );
    }
    await admin.dispose();
  }
}

/** What an admin journey with a customer of its own works with. */
export interface CustomerJourney {
  baseURL: string;
  /** This run's tag, for e-mails that must not clash with an earlier run's. */
  tag: string;
  /** In a browser context of its own; the journey closes it once the customer's part is done. */
  customer: Awaited<ReturnType<typeof newCustomer>>;
}

/** The opening the admin journeys share: a new customer first, and the stock put back after. */
export async function withNewCustomer(
  browser: Browser,
  info: TestInfo,
  customerTag: string,
  work: (journey: CustomerJourney) => Promise<void>,
): Promise<void> {
  const baseURL = String(info.project.use.baseURL);
  const tag = runTag();
  await keepingStock(baseURL, tag, async () =>
    work({ baseURL, tag, customer: await newCustomer(browser, baseURL, customerTag) }),
  );
}

export async function stockNow(baseURL: string): Promise<number> {
  const admin = await adminApi(baseURL);
  try {
    return await availableStock(admin);
  } finally {
    await admin.dispose();
  }
}

/** A unique, lower-case tag for this run's e-mails. */
export const runTag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

/** A toast (sonner) holding `text`: toasts repeat words the page shows too. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
