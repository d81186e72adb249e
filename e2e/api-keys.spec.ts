import { expect, type Page, test } from '@playwright/test';
import { MAX_API_KEYS_PER_USER } from '../src/domain/api-keys';
import { WEBHOOK_EVENT_TYPES } from '../src/domain/webhooks';
import { signInNewCustomer } from './orders-helpers';
import { opening, settled, shootDialog, shootEveryVariant } from './screenshots';

// API keys (docs/decisions/0011-api-keys.md) from the customer's side: made in /settings, the
// whole key shown once, then only its hint; the key opens /api/v1 until it is revoked.
// Screenshots of the section and of /docs/api at 1280 and 375, light and dark, checked with axe,
// go to test-results/screenshots/.

const section = (page: Page) => page.getByRole('region', { name: 'API keys' });

/** Creates a key through the dialog and returns the whole key it shows once. */
async function createKey(page: Page, name: string, scope: 'Read only' | 'Read & write' = 'Read only') {
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: scope }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(created.getByText('it will not be shown again')).toBeVisible();
  const key = await created.getByLabel('API key').inputValue();
  expect(key).toMatch(/^phk_[A-Za-z0-9]{43}$/);
  return key;
}

const closeCreated = (page: Page) =>
  page.getByRole('dialog', { name: 'Your new API key' }).getByRole('button', { name: 'Done' }).click();

test('a customer creates an API key, sees it once, calls /api/v1 with it, and revokes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInNewCustomer(page, 'api-keys');
  await page.goto('/settings');
  await expect(section(page).getByText('You have no API keys yet.')).toBeVisible();

  const key = await createKey(page, 'Reporting script');
  await closeCreated(page);
  const hint = `${key.slice(0, 12)}…`;
  const table = section(page).getByRole('table', { name: 'Your API keys' });
  const row = table.getByRole('row', { name: /Reporting script/ });
  await expect(row).toContainText('Read only');
  await expect(row).toContainText(hint);
  await expect(row).toContainText('Never');

  // After a reload only the hint is left: the key itself is nowhere on the page.
  await page.reload();
  await expect(row).toContainText(hint);
  expect(await page.content()).not.toContain(key);

  const authorization = { Authorization: `Bearer ${key}` };
  const panels = await request.get('/api/v1/panels', { headers: authorization });
  expect(panels.status(), await panels.text()).toBe(200);
  expect(await panels.json()).toEqual({ data: [], next_cursor: null });

  await row.getByRole('button', { name: 'Revoke Reporting script' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await expect(confirm).toContainText(hint);
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(section(page).getByText('You have no API keys yet.')).toBeVisible();

  const refused = await request.get('/api/v1/panels', { headers: authorization });
  expect(refused.status()).toBe(401);
});

test('the 25-key limit is explained in the dialog', async ({ page }) => {
  test.setTimeout(90_000);
  await signInNewCustomer(page, 'api-key-limit');
  for (let i = 1; i <= MAX_API_KEYS_PER_USER; i += 1) {
    const made = await page.request.post('/api/me/api-keys', { data: { name: `Key ${i}`, scope: 'read' } });
    expect(made.status()).toBe(201);
  }
  await page.goto('/settings');
  await expect(section(page).getByRole('table', { name: 'Your API keys' }).getByRole('row')).toHaveCount(
    MAX_API_KEYS_PER_USER + 1,
  );
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel('Name').fill('One too many');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`at most ${MAX_API_KEYS_PER_USER} API keys`);
});

test('screenshots of the API keys section, its dialogs and /docs/api', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInNewCustomer(page, 'api-key-shots');
  await page.goto('/settings');
  const used = await createKey(page, 'Nightly export', 'Read & write');
  await closeCreated(page);
  await createKey(page, 'Dashboard widget');
  await closeCreated(page);
  expect(
    (await request.get('/api/v1/orders', { headers: { Authorization: `Bearer ${used}` } })).status(),
  ).toBe(200);

  await shootEveryVariant(page, 'settings-api-keys', async (p) => {
    await p.goto('/settings');
    // Not scrolled to it: a full-page shot taken scrolled down draws the sticky header mid-page.
    await expect(section(p).getByText('Dashboard widget').locator('visible=true')).toBeVisible();
  });

  await shootDialog(page, 'api-key-create-dialog', '/settings', async (p) => {
    await p.getByRole('button', { name: 'Create API key' }).click();
    await p.getByRole('dialog', { name: 'Create API key' }).getByLabel('Name').fill('CI pipeline');
    await settled(p);
  });

  await shootDialog(page, 'api-key-created-dialog', '/settings', async (p) => {
    await createKey(p, 'Shown once');
  });

  await shootEveryVariant(
    page,
    'api-docs',
    opening('/docs/api', async (p) => {
      await expect(p.getByRole('heading', { name: 'API documentation', level: 1 })).toBeVisible();
      await expect(p.getByRole('heading', { name: 'GET /api/v1/panels', exact: true })).toBeVisible();
    }),
  );
});

test('/docs/api is public, renders the reference from the OpenAPI document and links back to settings', async ({
  page,
}) => {
  const response = await page.goto('/docs/api');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('API documentation | PanelHub');
  for (const path of [
    '/api/v1/panels',
    '/api/v1/panels/{panelId}',
    '/api/v1/orders',
    '/api/v1/subscriptions',
  ]) {
    await expect(page.getByRole('heading', { name: `GET ${path}`, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('list', { name: 'Webhook events' }).getByRole('listitem')).toHaveCount(
    WEBHOOK_EVENT_TYPES.length,
  );
  await expect(page.getByRole('list', { name: 'Retry schedule' })).toContainText('5 seconds');
  await expect(page.getByText("import { Webhook } from 'standardwebhooks';")).toBeVisible();
  await page.getByRole('link', { name: 'Endpoints', exact: true }).first().click();
  await expect(page).toHaveURL(/#reference$/);
  await page.locator('footer').getByRole('link', { name: 'API' }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
});
