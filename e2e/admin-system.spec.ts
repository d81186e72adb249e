import { expect, type Page, test } from '@playwright/test';
import { newCustomer, signInAdmin } from './admin-helpers';
import { deadUrl } from './dead-url';
import { opening, shootEveryVariant } from './screenshots';

// Admin > System, the screen an operator opens when a customer says an e-mail never came: the
// sweeps with their rounds, the outbox by kind, a failing customer webhook endpoint (made here,
// pointing where nothing listens) and the given-up e-mails. Shot at 1280 and 375, light and
// dark, into test-results/screenshots/, each checked with axe. The demo server's mail never
// fails, so its list of given-up e-mails is empty here, as it is shown; a given-up e-mail, a
// failing sweep and Retry now are proven by src/server/admin/system/system.test.ts.

const card = (page: Page, name: string) => page.getByRole('region', { name });

const ready = async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading sweeps' })).toHaveCount(0);
  // A table from the sidebar's width up, cards on a phone: the one on screen.
  const outboxSweep = card(page, 'Sweeps').getByText('Outbox', { exact: true }).filter({ visible: true });
  await expect(outboxSweep).toBeVisible();
};

test('Admin > System shows the sweeps, the outbox, a failing webhook endpoint and that no e-mail was given up', async ({
  page,
  browser,
}, info) => {
  // Four axe runs over a long page: a loaded CI machine needs the room.
  test.setTimeout(120_000);
  const baseURL = String(info.project.use.baseURL);
  const customer = await newCustomer(browser, baseURL, 'system');
  const url = await deadUrl();
  const created = await customer.page.request.post('/api/me/webhooks', {
    data: { url, events: ['order.paid'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const queued = await customer.page.request.post(`/api/me/webhooks/${id}/test`);
  expect(queued.status(), await queued.text()).toBe(202);
  await customer.close();

  await signInAdmin(page, 'system');
  await expect(page.getByRole('tab', { name: 'System' })).toHaveAttribute('aria-selected', 'true');
  await ready(page);
  for (const name of ['E-mails given up', 'Sweeps', 'Outbox', 'Failing webhook endpoints']) {
    await expect(card(page, name)).toBeVisible();
  }
  await expect(card(page, 'Outbox').getByText('Customer webhooks').filter({ visible: true })).toBeVisible();

  // The test event fails at its first attempt, moments after it is queued.
  const host = new URL(url).host;
  const webhooks = card(page, 'Failing webhook endpoints');
  await expect(async () => {
    await card(page, 'Sweeps').getByRole('button', { name: 'Refresh' }).click();
    await expect(webhooks.getByText(host).filter({ visible: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  await expect(card(page, 'E-mails given up').getByText('No e-mail was given up.')).toBeVisible();
  await shootEveryVariant(page, 'admin-system', opening('/admin?tab=system', ready));
});
