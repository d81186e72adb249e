import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { newCustomer, signInAdmin, toast } from './admin-helpers';
import { opening, shootEveryVariant } from './screenshots';

// Admin > System, the screen an operator opens when a customer says an e-mail never came: the
// sweeps with their rounds, the outbox by kind, a failing customer webhook endpoint (made here,
// pointing where nothing listens) and the given-up e-mails. Shot at 1280 and 375, light and
// dark, into test-results/screenshots/, each checked with axe. The demo server's mail never
// fails and its sweeps do not either, so for the shots a given-up e-mail and a failed round are
// added to the server's real answer, and Retry now answers here; that the server puts the
// e-mail back and the outbox sends it is proven by src/server/admin/system/system.test.ts.

/** A URL on 127.0.0.1 where nothing listens: a port the system handed out, then closed. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/down`;
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

const PARKED = {
  id: 900_001,
  to: 'dora@example.com',
  subject: 'Your panels are ready: order 77',
  emailClass: 'order',
  lastError: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25',
  attempts: 9,
  queuedAt: new Date(Date.now() - 23 * 3_600_000).toISOString(),
  givenUpAt: new Date(Date.now() - 600_000).toISOString(),
  retryable: true,
};

interface Sweep {
  name: string;
  lastRunAt: string | null;
  [field: string]: unknown;
}

/** The server's answer with a given-up e-mail and a failed outbox round in it. */
async function withTroubles(page: Page) {
  await page.route('**/api/admin/system', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      sweeps: Sweep[];
      givenUpEmails: unknown[];
      givenUpEmailsTotal: number;
    };
    body.givenUpEmails.unshift(PARKED);
    body.givenUpEmailsTotal += 1;
    const outbox = body.sweeps.find((sweep) => sweep.name === 'outbox sweep');
    if (outbox) {
      Object.assign(outbox, {
        lastRunOk: false,
        lastError: 'DatabaseError: Connection terminated unexpectedly',
        lastFailureAt: outbox.lastRunAt,
        failures: 1,
      });
    }
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/admin/system/emails/*/retry', (route) =>
    route.fulfill({ json: { id: PARKED.id, to: PARKED.to } }),
  );
}

const ready = async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading sweeps' })).toHaveCount(0);
  // A table from the sidebar's width up, cards on a phone: the one on screen.
  const outboxSweep = card(page, 'Sweeps').getByText('Outbox', { exact: true }).filter({ visible: true });
  await expect(outboxSweep).toBeVisible();
};

test('Admin > System shows the sweeps, the outbox, a failing webhook endpoint and given-up e-mails', async ({
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

  await withTroubles(page);
  await shootEveryVariant(page, 'admin-system', opening('/admin?tab=system', ready));

  await card(page, 'E-mails given up')
    .getByRole('button', { name: `Retry now: the e-mail to ${PARKED.to}` })
    .filter({ visible: true })
    .click();
  await expect(toast(page, 'E-mail queued again')).toBeVisible();
  // The action refreshes the view: its request, still in the handler, ends before the test does.
  await page.unrouteAll({ behavior: 'wait' });
});
