import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from '../src/domain/webhooks';
import { keepingStock, runTag } from './admin-helpers';
import { addStock, adminApi, availableStock, buyPlan } from './after-purchase-helpers';
import { deadUrl } from './dead-url';
import { myOrderStatus, myPanels, signInNewCustomer } from './orders-helpers';
import { settled, shootDialog, shootEveryVariant } from './screenshots';

// Webhooks (docs/decisions/0012-webhooks.md) from the customer's side: an API key made and
// seen once, an endpoint added on /settings pointing at a receiver this test runs on
// 127.0.0.1 (allowed outside production), its whsec_ secret seen once, a purchase whose
// order.completed shows in the endpoint's delivery log and reaches the receiver signed as
// Standard Webhooks, a test event, a resend with the same webhook-id, and the endpoint
// deleted. Screenshots of the section and its dialogs at 1280 and 375, light and dark,
// checked with axe, go to test-results/screenshots/.

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** An HTTP receiver on 127.0.0.1 at a port the system picks; it keeps every request and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      received.push({ path: req.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/panelhub`,
    received,
    /** The requests carrying one event type, in the order they came. */
    ofType: (type: string) => received.filter((r) => (JSON.parse(r.body) as { type: string }).type === type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const webhooksSection = (page: Page) => page.getByRole('region', { name: 'Webhooks' });
const apiKeysSection = (page: Page) => page.getByRole('region', { name: 'API keys' });
const logDialog = (page: Page) => page.getByRole('dialog', { name: 'Delivery log' });
const logRows = (page: Page, eventType: string) =>
  logDialog(page)
    .getByRole('table', { name: 'Deliveries, newest first' })
    .getByRole('row')
    .filter({ hasText: eventType });

/** Adds an endpoint for every event through the dialog and returns the secret it shows once. */
async function addEndpoint(page: Page, url: string): Promise<string> {
  await webhooksSection(page).getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
  await dialog.getByLabel('Endpoint URL').fill(url);
  await expect(dialog.getByRole('checkbox', { name: 'All events' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  const added = page.getByRole('dialog', { name: 'Endpoint added' });
  await expect(added.getByText('It will not be shown again')).toBeVisible();
  const secret = await added.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  return secret;
}

/**
 * Clicks the log's Refresh until `check` passes: the sweep delivers every 5 s, and the log polls by
 * itself only while a row it shows is pending, so events written after it was read need a Refresh.
 */
async function refreshLogUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await logDialog(page).getByRole('button', { name: 'Refresh' }).click({ timeout: 2_000 });
    await check();
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });
}

/** The id of the customer's only endpoint. */
async function endpointId(page: Page): Promise<number> {
  const response = await page.request.get('/api/me/webhooks');
  const { endpoints } = (await response.json()) as { endpoints: Array<{ id: number }> };
  expect(endpoints).toHaveLength(1);
  return endpoints[0]?.id ?? 0;
}

const delivered = (row: Locator) => () => expect(row).toContainText('Delivered', { timeout: 1_000 });

test('a customer adds a webhook endpoint, sees order.completed delivered and signed, tests, resends and deletes it', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  const receiver = await startReceiver();
  try {
    await signInNewCustomer(page, 'webhooks');
    await page.goto('/settings');

    // An API key first, shown whole once.
    await apiKeysSection(page).getByRole('button', { name: 'Create API key' }).click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await create.getByLabel('Name').fill('Order sync');
    await create.getByRole('button', { name: 'Create key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(keyDialog.getByText('it will not be shown again')).toBeVisible();
    const key = await keyDialog.getByLabel('API key').inputValue();
    expect(key).toMatch(/^phk_[A-Za-z0-9]{43}$/);
    await keyDialog.getByRole('button', { name: 'Done' }).click();
    await expect(apiKeysSection(page).getByRole('row', { name: /Order sync/ })).toBeVisible();

    // The endpoint, and its secret once.
    const section = webhooksSection(page);
    await expect(section.getByText('No endpoints yet.')).toBeVisible();
    const secret = await addEndpoint(page, receiver.url);
    await page.getByRole('dialog', { name: 'Endpoint added' }).getByRole('button', { name: 'Done' }).click();
    const endpoint = section
      .getByRole('list', { name: 'Your webhook endpoints' })
      .getByRole('listitem')
      .first();
    await expect(endpoint).toContainText(receiver.url);
    await expect(endpoint).toContainText('Active');
    await expect(endpoint).toContainText(`All ${WEBHOOK_EVENT_TYPES.length} events`);
    await page.reload();
    await expect(endpoint).toContainText(receiver.url);
    const html = await page.content();
    expect(html).not.toContain(secret);
    expect(html).not.toContain(key);

    // The log is empty, and stays open while the customer pays in another tab.
    await endpoint.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
    await expect(logDialog(page)).toContainText(receiver.url);
    await expect(logDialog(page).getByText('Nothing has been sent to this endpoint yet.')).toBeVisible();

    // A purchase with the panels in stock, so the order completes at once.
    const baseURL = String(info.project.use.baseURL);
    let orderId = 0;
    await keepingStock(baseURL, runTag(), async () => {
      const admin = await adminApi(baseURL);
      if ((await availableStock(admin)) < 1) {
        await addStock(admin, [
          { email: `webhook-stock-${runTag()}@panels.example`, password: 'Hook-stock-1' },
        ]);
      }
      await admin.dispose();
      orderId = await buyPlan(page, 'basic', 0);
    });
    expect(await myOrderStatus(page, orderId)).toBe('completed');
    const panelIds = (await myPanels(page)).filter((p) => p.orderId === orderId).map((p) => p.id);
    expect(panelIds).toHaveLength(1);

    // Refresh shows the order's events, and order.completed delivered once the sweep (every 5 s) sent it.
    const completedRows = logRows(page, 'order.completed');
    await refreshLogUntil(page, delivered(completedRows.first()));
    await expect(completedRows).toHaveCount(1);
    await expect(completedRows.first()).toContainText('HTTP 200');
    await expect(logRows(page, 'order.paid')).toHaveCount(1);

    // The receiver got it, signed with the secret the page showed once.
    const [completed] = receiver.ofType('order.completed');
    expect(completed?.path).toBe('/hooks/panelhub');
    expect(completed?.headers['content-type']).toBe('application/json');
    const payload = new Webhook(secret).verify(completed?.body ?? '', completed?.headers ?? {}) as {
      type: string;
      data: { orderId: number; status: string; planId: string; panelIds: number[] };
    };
    expect(payload.type).toBe('order.completed');
    expect(payload.data).toMatchObject({ orderId, status: 'completed', planId: 'basic', panelIds });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32).toString('base64')}`).verify(
        completed?.body ?? '',
        completed?.headers ?? {},
      ),
    ).toThrow();

    // Resend a delivered message: the receiver gets the same webhook-id again.
    const messageId = completed?.headers['webhook-id'] ?? '';
    expect(messageId).toMatch(/^msg_/);
    await completedRows
      .first()
      .getByRole('button', { name: /^Resend order\.completed/ })
      .click();
    await expect(page.getByText('Sent again')).toBeVisible();
    await expect(completedRows).toHaveCount(2);
    await expect
      .poll(() => receiver.received.filter((r) => r.headers['webhook-id'] === messageId).length)
      .toBe(2);
    const resent = receiver.received.filter((r) => r.headers['webhook-id'] === messageId)[1];
    expect(resent?.body).toBe(completed?.body);
    expect(new Webhook(secret).verify(resent?.body ?? '', resent?.headers ?? {})).toMatchObject({
      type: 'order.completed',
    });
    await logDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(logDialog(page)).toBeHidden();

    // Opened again, the log is read afresh: the resent copy shows delivered without a Refresh.
    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/me/webhooks/${await endpointId(page)}/deliveries`);
        const { deliveries } = (await response.json()) as { deliveries: Array<{ status: string }> };
        return deliveries[0]?.status;
      })
      .toBe('delivered');
    await endpoint.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
    await expect(completedRows).toHaveCount(2);
    await expect(completedRows.first()).toContainText('Delivered');
    await logDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(logDialog(page)).toBeHidden();

    // A test event, from the endpoint's own button.
    await endpoint.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
    await expect(page.getByText('Test event sent')).toBeVisible();
    await expect.poll(() => receiver.ofType('webhook.test').length).toBe(1);
    const [tested] = receiver.ofType('webhook.test');
    expect(new Webhook(secret).verify(tested?.body ?? '', tested?.headers ?? {})).toMatchObject({
      type: 'webhook.test',
      data: { message: 'A test event from your settings page.' },
    });
    await endpoint.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
    await refreshLogUntil(page, delivered(logRows(page, 'webhook.test')));
    await logDialog(page).getByRole('button', { name: 'Close' }).click();

    // Deleting asks first, names the URL, and leaves nothing behind.
    await endpoint.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await expect(confirm).toContainText(receiver.url);
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Endpoint deleted')).toBeVisible();
    await expect(section.getByText('No endpoints yet.')).toBeVisible();
    const left = await page.request.get('/api/me/webhooks');
    expect(await left.json()).toEqual({ endpoints: [] });
  } finally {
    await receiver.close();
  }
});

test('screenshots of the webhooks section, its dialogs and a delivery log', async ({ page }) => {
  // Four views, each in four variants with an accessibility scan: minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  try {
    await signInNewCustomer(page, 'webhook-shots');
    await page.goto('/settings');
    // One endpoint that answers and one that cannot be reached, so the shots hold both badges.
    const add = async (url: string, events: readonly string[]) => {
      const response = await page.request.post('/api/me/webhooks', { data: { url, events } });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    const downUrl = await deadUrl();
    const down = await add(downUrl, ['order.completed', 'refund.requested']);
    const up = await add(receiver.url, [...WEBHOOK_EVENT_TYPES]);
    for (const id of [up, up, down]) {
      expect((await page.request.post(`/api/me/webhooks/${id}/test`)).status()).toBe(202);
    }
    await expect.poll(() => receiver.ofType('webhook.test').length).toBe(2);
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/me/webhooks');
        const { endpoints } = (await response.json()) as {
          endpoints: Array<{ id: number; failingSince: string | null }>;
        };
        return endpoints.find((e) => e.id === down)?.failingSince ?? null;
      })
      .not.toBeNull();

    // A message waiting for its retry will be sent anyway: there is nothing to resend yet.
    await page.goto('/settings');
    await webhooksSection(page)
      .getByRole('button', { name: `Delivery log of ${downUrl}` })
      .click();
    const retrying = logRows(page, 'webhook.test');
    await expect(retrying).toContainText('Retrying');
    await expect(retrying).toContainText('ECONNREFUSED');
    await expect(retrying.getByRole('button', { name: /^Resend webhook\.test/ })).toBeDisabled();

    await shootEveryVariant(page, 'settings-webhooks', async (p) => {
      await p.goto('/settings');
      // Not scrolled to it: a full-page shot taken scrolled down draws the sticky header mid-page.
      await expect(webhooksSection(p).getByText('Failing since')).toBeVisible();
    });

    await shootDialog(page, 'webhook-delivery-log', '/settings', async (p) => {
      await webhooksSection(p)
        .getByRole('button', { name: `Delivery log of ${receiver.url}` })
        .click();
      await expect(logDialog(p).getByText('Delivered').locator('visible=true').first()).toBeVisible();
      await expect(logDialog(p).getByText('Pending').locator('visible=true')).toHaveCount(0);
      // The table fits the dialog at 1280: no sideways scrolling, the Resend column uncut.
      if (p.viewportSize()?.width === 1280) {
        const table = logDialog(p).getByRole('table', { name: 'Deliveries, newest first' });
        const cut = await table.evaluate(
          (t) => (t.parentElement?.scrollWidth ?? 0) - (t.parentElement?.clientWidth ?? 0),
        );
        expect(cut).toBeLessThanOrEqual(0);
      }
    });

    await shootDialog(page, 'webhook-add-dialog', '/settings', async (p) => {
      await webhooksSection(p).getByRole('button', { name: 'Add endpoint' }).click();
      await p.getByRole('dialog', { name: 'Add endpoint' }).getByLabel('Endpoint URL').fill(receiver.url);
      await settled(p);
    });

    await shootDialog(page, 'webhook-secret-dialog', '/settings', async (p) => {
      await addEndpoint(p, `${receiver.url}?shot=${Date.now()}`);
    });
  } finally {
    await receiver.close();
  }
});
