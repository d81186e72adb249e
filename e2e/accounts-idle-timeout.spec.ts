import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './accounts-helpers';

// Session Timeout (D9): the server ends a session after 30 minutes without the person's
// requests. An open tab must not keep showing the account until the next click: at the same
// moment it drops what it holds and lands on /login, which says why. Tabs of one browser share
// the last activity, so using one keeps the others signed in. Only the browser's clock moves.

const IDLE_MESSAGE = 'You were signed out after 30 minutes without activity';

/** The first panel's e-mail on the dashboard: account data that must not outlive the session. */
async function firstPanelEmail(page: Page): Promise<string> {
  const rows = page.getByRole('table', { name: 'Active admin panels' }).locator('tbody tr');
  const cell = rows.first().locator('td', { hasText: '@' });
  await expect(cell).toBeVisible({ timeout: 15_000 });
  return (await cell.innerText()).trim();
}

async function expectSignedOutIdle(page: Page, panelEmail: string): Promise<void> {
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByText(IDLE_MESSAGE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(panelEmail);
}

test('an idle tab signs itself out at 30 minutes, forgets the account and says why', async ({ page }) => {
  await page.clock.install();
  await signIn(page, DEMO.customer, DEMO.password);
  const panelEmail = await firstPanelEmail(page);

  await page.clock.fastForward('29:00');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.locator('body')).toContainText(panelEmail);

  await page.clock.fastForward('01:01');
  await expectSignedOutIdle(page, panelEmail);
  // The session is over on the server too: the way back is through /login.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test("one tab in use keeps the browser's other tabs signed in; idle, all of them sign out", async ({
  context,
}) => {
  test.setTimeout(90_000);
  const used = await context.newPage();
  await used.clock.install();
  await signIn(used, DEMO.customer, DEMO.password);
  const idle = await context.newPage();
  await idle.goto('/dashboard');
  const panelEmail = await firstPanelEmail(idle);

  await used.bringToFront();
  await used.clock.fastForward('20:00');
  await used.getByRole('link', { name: 'Billing' }).first().click();
  await expect(used.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();

  // 35 minutes after the idle tab's last request, but 15 after the other tab's.
  await used.clock.fastForward('15:00');
  await expect(idle.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(idle.locator('body')).toContainText(panelEmail);

  await used.clock.fastForward('15:01');
  await expectSignedOutIdle(idle, panelEmail);
  await expect(used).toHaveURL(/\/login\?redirect=%2Fbilling$/);
  await expect(used.getByText(IDLE_MESSAGE)).toBeVisible();
});
