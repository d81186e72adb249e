import { type Browser, type Page, test } from '@playwright/test';
import { latestMailTo, signInWithCode, uniqueEmail } from './accounts-helpers';
import { keepingStock, runTag, toast } from './admin-helpers';
import { buyPlan } from './after-purchase-helpers';
import { myPanels, signInNewCustomer } from './orders-helpers';
import {
  createWorkspaceFromMenu,
  expect,
  openWorkspaceMenu,
  switcher,
  workspaceMenu,
} from './workspaces-helpers';

// A team and an agency, as the roles make them look. An owner invites an operator and a viewer;
// each signs up from the link in their e-mail and sees what the role allows: the operator shows
// panel passwords and exports them but has no billing, the viewer reads the panels masked with
// no export and nothing to buy. An agency makes a workspace for a client, buys in it through the
// sandbox, sees the panels there only, and back in Personal the client's order is not listed.
// Sign-in goes through the API where the screens are not the point (workspaces-pages.spec.ts
// walks the invitation and sign-in screens); shots go to test-results/screenshots/.

const PASSWORD = 'workspace-team-pw';

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const panelsTable = (page: Page) => page.getByRole('table', { name: 'Active admin panels' });
const activePanels = (page: Page) => page.getByRole('region', { name: 'Active' });

/** Switches the session from the workspace menu, as a person does, and waits for the dashboard. */
async function switchTo(page: Page, name: string): Promise<void> {
  await openWorkspaceMenu(page);
  await workspaceMenu(page)
    .getByRole('menuitemradio', { name: new RegExp(name) })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(switcher(page)).toContainText(name);
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/**
 * The invited person opens the link in their e-mail, makes an account from the invitation
 * page (the address comes along), proves the address and joins: their session lands in the
 * workspace with the role the invitation gave.
 */
async function joinFromMail(
  browser: Browser,
  baseURL: string,
  invitee: { email: string; name: string },
  workspaceName: string,
): Promise<Page> {
  const mail = await latestMailTo(invitee.email, 'invited you to');
  const link = /https?:\/\/\S+?(\/invitations\/[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link, 'the invitation link in the mail').toBeTruthy();
  const page = await newPage(browser, baseURL);
  await page.goto(link ?? '/');
  await expect(page.getByRole('heading', { name: `Join ${workspaceName}` })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(invitee.email);
  await page.getByLabel('Full Name').fill(invitee.name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Finvitations%2F/);
  await signInWithCode(page, baseURL, invitee.email);
  await page.goto(link ?? '/');
  await page.getByRole('button', { name: `Join ${workspaceName}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, `You joined ${workspaceName}`)).toBeVisible();
  return page;
}

test('an owner invites an operator and a viewer, who join from the e-mail and see what their role allows', async ({
  page,
  browser,
}, info) => {
  // Three accounts, two sign-ups from a link, a purchase: far past 30 s on a busy machine.
  test.setTimeout(300_000);
  const baseURL = String(info.project.use.baseURL);
  const tag = runTag();
  const team = `Ops Team ${tag.slice(0, 6)}`;
  const operator = { email: uniqueEmail('operator'), name: 'Otto Operator' };
  const viewer = { email: uniqueEmail('viewer'), name: 'Vera Viewer' };

  await keepingStock(baseURL, tag, async () => {
    // The owner makes the team's workspace (the session moves into it) and buys a panel there.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    // An address proven first: an unproven account brings nobody in.
    await signInWithCode(page, baseURL, await signInNewCustomer(page, 'team-owner'));
    const created = await page.request.post('/api/me/workspaces', { data: { name: team } });
    expect(created.status(), await created.text()).toBe(201);
    const orderId = await buyPlan(page, 'basic', 0);
    await expect
      .poll(async () => (await myPanels(page)).filter((p) => p.orderId === orderId && p.status === 'active'))
      .toHaveLength(1);

    // Invitations from the members page, one per role.
    await page.goto('/settings/members');
    await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
    for (const [email, role] of [
      [operator.email, 'Operator'],
      [viewer.email, 'Viewer'],
    ] as const) {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
      await page.getByRole('button', { name: 'Send invitation' }).click();
      // The first one's toast may still show: the one naming this address.
      await expect(toast(page, 'Invitation sent').filter({ hasText: email })).toBeVisible();
    }

    // The operator: the team's panel with its password to show and export; no billing, no buying.
    const ops = await joinFromMail(browser, baseURL, operator, team);
    await expect(switcher(ops)).toContainText(team);
    await expect(switcher(ops)).toContainText('Operator');
    const opsRows = panelsTable(ops).locator('tbody tr');
    await expect(opsRows).toHaveCount(1);
    const panelEmail = ((await opsRows.first().locator('td').nth(1).textContent()) ?? '').trim();
    expect(panelEmail).toContain('@');
    await ops.getByRole('button', { name: `Show password for ${panelEmail}` }).click();
    await expect(opsRows.first().locator('td').nth(2).locator('code')).toHaveText(/\S{6,}/);
    await expect(ops.getByRole('button', { name: `Hide password for ${panelEmail}` })).toBeVisible();
    await expect(activePanels(ops).getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expect(accountNav(ops).getByRole('link', { name: 'Billing' })).toHaveCount(0);
    await expect(ops.getByRole('link', { name: '+ New Order' })).toHaveCount(0);
    await ops.screenshot({
      path: 'test-results/screenshots/workspaces-team-operator-dashboard.png',
      fullPage: true,
    });
    await ops.goto('/billing');
    await expect(ops.getByText('which does not include billing')).toBeVisible();

    // The viewer: the same panel, masked, with nothing to show, export or buy.
    const view = await joinFromMail(browser, baseURL, viewer, team);
    await expect(switcher(view)).toContainText('Viewer');
    const viewRows = panelsTable(view).locator('tbody tr');
    await expect(viewRows).toHaveCount(1);
    await expect(viewRows.first()).toContainText(panelEmail);
    // No selection column: nothing a viewer could do with the panels selected.
    await expect(panelsTable(view).getByRole('checkbox')).toHaveCount(0);
    await expect(viewRows.first().locator('td').nth(1)).toContainText('••••••••');
    await expect(view.getByRole('button', { name: /^Show password for/ })).toHaveCount(0);
    await expect(activePanels(view).getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await expect(view.getByRole('link', { name: '+ New Order' })).toHaveCount(0);
    await expect(accountNav(view).getByRole('link', { name: 'Billing' })).toHaveCount(0);
    await view.screenshot({
      path: 'test-results/screenshots/workspaces-team-viewer-dashboard.png',
      fullPage: true,
    });
    // The server agrees with the screen: no password for a viewer, whatever the page offers.
    const panelId = (await myPanels(view)).find((p) => p.orderId === orderId)?.id;
    const reveal = await view.request.post('/api/me/panels/reveal', {
      data: { ids: [panelId], purpose: 'reveal' },
    });
    expect(reveal.status(), await reveal.text()).toBe(403);
    await view.goto('/new-order');
    await expect(view.getByText('which does not include buying')).toBeVisible();
    await view.goto('/billing');
    await expect(view.getByText('which does not include billing')).toBeVisible();

    // The owner sees both of them in the team.
    await page.goto('/settings/members');
    const members = page.getByRole('region', { name: 'Members' });
    for (const email of [operator.email, viewer.email]) {
      await expect(members.getByText(email).filter({ visible: true }).first()).toBeVisible();
    }

    await ops.context().close();
    await view.context().close();
  });
});

test("an agency buys in a client's workspace, sees the panels there only, and Personal does not list the order", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const baseURL = String(info.project.use.baseURL);
  const tag = runTag();
  const client = `Client ${tag.slice(0, 6)}`;

  await keepingStock(baseURL, tag, async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await signInWithCode(page, baseURL, await signInNewCustomer(page, 'agency'));
    await page.goto('/dashboard');
    await expect(switcher(page)).toContainText('Personal');

    // A workspace for the client, from the menu: the session moves into it.
    await createWorkspaceFromMenu(page, client);

    // The order, paid in the sandbox, in the client's workspace.
    await page.goto('/new-order?plan=basic');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\/[^/]+$/);
    const orderId = Number(await page.evaluate(() => sessionStorage.getItem('currentOrderId')));
    expect(orderId).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pay $500' }).click();
    await expect(page.getByRole('heading', { name: 'Subscription Active' })).toBeVisible();
    await expect
      .poll(async () => (await myPanels(page)).filter((p) => p.orderId === orderId && p.status === 'active'))
      .toHaveLength(1);

    await page.goto('/dashboard');
    await expect(switcher(page)).toContainText(client);
    await expect(panelsTable(page).locator('tbody tr')).toHaveCount(1);
    const panelEmail = ((await panelsTable(page).locator('tbody tr td').nth(1).textContent()) ?? '').trim();
    await page.goto('/orders');
    const orders = page.getByRole('table', { name: 'Your orders' });
    await expect(orders.locator('tbody tr')).toHaveCount(1);
    await expect(orders.locator('tbody tr').first()).toContainText(String(orderId));
    await page.screenshot({
      path: 'test-results/screenshots/workspaces-team-client-orders.png',
      fullPage: true,
    });

    // Personal: no panel, no order of the client's.
    await switchTo(page, 'Personal');
    await expect(page.getByText("You don't have any admin panels yet.")).toBeVisible();
    await expect(page.getByText(panelEmail)).toHaveCount(0);
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'All orders', level: 1 })).toBeVisible();
    await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
    await page.screenshot({
      path: 'test-results/screenshots/workspaces-team-personal-orders.png',
      fullPage: true,
    });
    const listed = await page.request.get('/api/me/orders');
    expect(((await listed.json()) as { orders: { id: number }[] }).orders.map((o) => o.id)).not.toContain(
      orderId,
    );

    // And back: the client's order is there again.
    await switchTo(page, client);
    await page.goto('/orders');
    await expect(page.getByRole('table', { name: 'Your orders' }).locator('tbody tr').first()).toContainText(
      String(orderId),
    );
  });
});
