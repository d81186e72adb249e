import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';
import { DEMO, submitPasswordSignIn } from './accounts-helpers';
import { addStock, adminApi, availableStock, buyPlan } from './after-purchase-helpers';
import { signInNewCustomer } from './orders-helpers';

// Shared by the admin console journeys : the demo admin signing in through /login,
// customers who buy through the API in their own browser context, and stock kept as found.

/** Signs the demo admin in through /login, then opens /admin (optionally on a tab). */
export async function signInAdmin(page: Page, tab?: string): Promise<void> {
  await page.goto('/login');
  await submitPasswordSignIn(page, DEMO.admin, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(tab ? `/admin?tab=${tab}` : '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
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

/** Waits for running CSS transitions (a dialog fading in) so a screenshot shows the end state. */
export async function settled(page: Page): Promise<void> {
  // Endless ones (a skeleton's pulse, a spinner) never settle and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

const VARIANTS = [
  { width: 1280, height: 900, theme: 'light' },
  { width: 1280, height: 900, theme: 'dark' },
  { width: 375, height: 812, theme: 'light' },
  { width: 375, height: 812, theme: 'dark' },
] as const;

/** axe's findings as 'rule: elements', so a failure says what to fix. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Like after-purchase-helpers' shoot, for a view with a dialog open: the screen as the admin
 * sees it (a modal is fixed to the viewport, so a full-page shot would misplace it), at 1280
 * and 375, light and dark, into test-results/screenshots; axe checks each.
 */
export async function shootDialog(
  page: Page,
  name: string,
  path: string,
  open: (page: Page) => Promise<void>,
) {
  for (const { width, height, theme } of VARIANTS) {
    await page.setViewportSize({ width, height });
    await page.evaluate((value) => localStorage.setItem('ui-theme', value), theme);
    await page.goto(path);
    await open(page);
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px is wider than the screen`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}-${theme}.png` });
    expect(await axeViolations(page), `${name} at ${width}px, ${theme}`).toEqual([]);
  }
}
