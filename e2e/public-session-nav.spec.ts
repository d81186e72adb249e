import { expect, type Page, test } from '@playwright/test';
import { DEMO } from './accounts-helpers';
import { collectErrors, waitForHydration } from './public-helpers';

// Signed-in visitors keep their session in view on the storefront: the public navigation
// offers 'Dashboard' instead of 'Sign In' and 'Sign Up'. The pages are prerendered for a
// visitor, so the swap happens after hydration, without moving anything in the bar. The two
// public pages the signed-in navigation links to (/pricing, /help) keep the app's layout instead.

const PAGES = ['/pricing', '/help', '/'];
/** Public pages that stay storefront pages for a signed-in user. */
const STOREFRONT_PAGES = ['/features', '/contact', '/'];

async function signInByApi(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: DEMO.customer, password: DEMO.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Layout shifts of anything in the top bar since the page started loading. */
async function headerShifts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        const header = document.querySelector('header');
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{
            value: number;
            sources?: Array<{ node?: Node | null }>;
          }>) {
            if (entry.sources?.some((source) => source.node && header?.contains(source.node)))
              total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

test('signed in: Dashboard in the navigation, no Sign In or Sign Up, and nothing in the bar moves', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await signInByApi(page);
  for (const path of STOREFRONT_PAGES) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
    expect(await headerShifts(page), path).toBe(0);
  }
  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Back on a public page from a signed-in one: right at once, no visitor buttons on the way.
  await page.goto('/profile');
  await page.getByRole('complementary').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole('main').getByRole('link', { name: 'contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('signed out: Sign In and Sign Up, no Dashboard; the bar is the same either way', async ({
  page,
  browser,
}) => {
  for (const path of PAGES) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(nav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  }

  // The theme toggle sits at the same place for a visitor and for a signed-in user.
  const toggle = (p: Page) => nav(p).getByRole('button', { name: /theme \(switch to/ });
  await page.goto('/features');
  await waitForHydration(page);
  const visitorBox = await toggle(page).boundingBox();
  const context = await browser.newContext();
  const member = await context.newPage();
  await signInByApi(member);
  await member.goto('/features');
  await expect(nav(member).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  expect(await toggle(member).boundingBox()).toEqual(visitorBox);
  await context.close();
});

test.describe('at 375px wide', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu offers Dashboard to a signed-in user, Sign In and Sign Up to a visitor', async ({
    page,
  }) => {
    const menuFor = async () => {
      const toggle = page.getByRole('button', { name: 'Open menu' });
      const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await toggle.click();
      await expect(menu).toBeVisible();
      return menu;
    };

    await page.goto('/pricing');
    await waitForHydration(page);
    let menu = await menuFor();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await signInByApi(page);
    await page.goto('/features');
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    menu = await menuFor();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('signed in, /pricing and /help keep the app layout: sidebar, account bar and Log out', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await signInByApi(page);
  const headings = { '/pricing': 'Simple, Transparent Pricing', '/help': 'Help Center' };
  for (const [path, heading] of Object.entries(headings)) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    const sidebar = page.getByRole('complementary').getByRole('navigation', { name: 'Account' });
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(DEMO.customer);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(nav(page)).toHaveCount(0);
  }
  // From the sidebar, too, without the storefront on the way.
  await page.getByRole('complementary').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Signed out, the storefront pages again.
  await page.goto('/pricing');
  await waitForHydration(page);
  await expect(nav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
