import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signInAdmin, toast } from './admin-helpers';
import { adminApi } from './after-purchase-helpers';
import { signInNewCustomer } from './orders-helpers';
import { opening, shootEveryVariant } from './screenshots';

// The sandbox clock (docs/decisions/0016): an admin moves the business time 31 days forward from
// the console's overview, and every page says so. Time never goes back, so this journey runs on
// a server and database of its own: the journeys after it would otherwise all run 31 days ahead.

const DATA_DIR = '.data-e2e-clock';
const BANNER = 'Sandbox clock: 31 days ahead';

let server: ChildProcess | undefined;
let origin: string;
let context: BrowserContext;

/** A port nothing listens on now, for the second server. */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function waitUntilReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error('the clock server exited');
    const ready = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  rmSync(DATA_DIR, { recursive: true, force: true });
  // As playwright.config.ts starts the shared server (scripts/e2e-server.mjs), on its own data.
  server = spawn(process.execPath, ['dist/server/serve.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      PUBLIC_URL: origin,
      RATE_LIMIT_MULTIPLIER: '20',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilReady(`${origin}/api/ready`, 120_000);
  // Reduced motion: the public page's sections below the fold wait transparent for their scroll
  // animation, and axe would judge the contrast of a half-faded frame.
  context = await browser.newContext({ baseURL: origin, reducedMotion: 'reduce' });
});

test.afterAll(async () => {
  await context?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
});

const card = (page: Page) => page.getByRole('region', { name: 'Sandbox clock' });
const banner = (page: Page) => page.getByRole('complementary', { name: 'Sandbox clock' });

test('an admin advances the sandbox clock 31 days; admin and public pages say so; a bank renewal goes past due', async () => {
  test.setTimeout(240_000);
  const page = await context.newPage();
  await signInAdmin(page);

  // Running at real time: no banner yet.
  await expect(card(page)).toContainText('the same as real time');
  await expect(banner(page)).toHaveCount(0);

  // Days outside 1 to 400 are refused in the form, before anything is sent.
  const days = card(page).getByLabel('Days');
  await days.fill('0');
  await card(page).getByRole('button', { name: 'Advance' }).click();
  await expect(card(page).getByText('Enter a whole number of days from 1 to 400.')).toBeVisible();

  await days.fill('31');
  await card(page).getByRole('button', { name: 'Advance' }).click();
  await expect(toast(page, 'Sandbox clock advanced')).toBeVisible({ timeout: 120_000 });
  await expect(card(page)).toContainText('31 days ahead of real time');
  // The tab that advanced it shows the banner at once, without a reload.
  await expect(banner(page)).toHaveText(BANNER);

  // Who moved it, in the audit log.
  await page.goto('/admin?tab=audit');
  await expect(page.getByRole('table').getByText('Sandbox clock advanced').first()).toBeVisible();

  const adminReady = async (p: Page) => {
    await expect(p.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(card(p)).toContainText('31 days ahead of real time');
    await expect(banner(p)).toHaveText(BANNER);
  };
  await shootEveryVariant(page, 'sandbox-clock-admin', opening('/admin', adminReady));

  // A public page, prerendered without the banner, shows it once the page has loaded.
  const publicReady = async (p: Page) => {
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(p)).toHaveText(BANNER);
  };
  await shootEveryVariant(page, 'sandbox-clock-public', opening('/pricing', publicReady));

  // And a visitor, signed in to nothing, sees it too.
  const visitor = await context.browser()?.newContext({ baseURL: origin });
  if (!visitor) throw new Error('no browser');
  const anonymous = await visitor.newPage();
  await anonymous.goto('/');
  await expect(banner(anonymous)).toHaveText(BANNER);
  await visitor.close();

  // A customer pays a Basic plan by bank transfer, recorded by an admin, and the clock moves to
  // its period end: the renewal is past due, within its grace period, whatever the month.
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const customer = await browser.newContext({ baseURL: origin, reducedMotion: 'reduce' });
  const customerPage = await customer.newPage();
  await signInNewCustomer(customerPage, 'clock-bank');
  const checkout = await customerPage.request.post('/api/checkout', {
    data: { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { orderId } = (await checkout.json()) as { orderId: number };
  const admin = await adminApi(origin);
  expect((await admin.post(`/api/admin/orders/${orderId}/mark-paid`)).status()).toBe(200);
  const detail = await admin.get(`/api/admin/orders/${orderId}`);
  const periodEnd = Date.parse(
    ((await detail.json()) as { order: { currentPeriodEnd: string } }).order.currentPeriodEnd,
  );
  const clock = (await (await admin.get('/api/admin/sandbox-clock')).json()) as { now: string };
  const advanceDays = Math.ceil((periodEnd - Date.parse(clock.now)) / 86_400_000);
  const advanced = await admin.post('/api/admin/sandbox-clock', { data: { advanceDays }, timeout: 120_000 });
  expect(advanced.status(), await advanced.text()).toBe(200);
  await admin.dispose();

  // The admin's list says what comes next, the customer's dashboard says so with the two ways
  // out.
  const listReady = async (p: Page) => {
    const pastDue = p.getByRole('region', { name: 'Past due' });
    await expect(pastDue).toContainText(`#${orderId}`);
    await expect(pastDue).toContainText('Reminder on');
  };
  await shootEveryVariant(page, 'dunning-admin', opening('/admin', listReady));
  const bannerReady = async (p: Page) => {
    await expect(p.getByRole('heading', { name: 'A renewal payment is past due' })).toBeVisible();
    await expect(p.getByRole('button', { name: `Pay now for order #${orderId}` })).toBeVisible();
    await expect(
      p.getByRole('button', { name: `Update payment method for order #${orderId}` }),
    ).toBeVisible();
    // The panel's row says the same: its renewal date passed unpaid.
    await expect(
      p
        .getByText(/^Renewal due /)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
  };
  await customerPage.goto('/dashboard');
  await shootEveryVariant(customerPage, 'dunning-banner', opening('/dashboard', bannerReady));
  // Pay now leads a bank transfer customer to the instructions.
  await customerPage.getByRole('button', { name: `Pay now for order #${orderId}` }).click();
  await expect(customerPage).toHaveURL(new RegExp(`/checkout/manual/${orderId}`));
  await customer.close();
});
