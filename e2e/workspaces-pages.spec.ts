import { type Browser, type Page, test } from '@playwright/test';
import { latestMailTo, registerUser, signInWithCode, uniqueEmail } from './accounts-helpers';
import { runTag, toast } from './admin-helpers';
import { signInNewCustomer } from './orders-helpers';
import { opening, settled, shootEveryVariant } from './screenshots';
import {
  createWorkspaceFromMenu,
  expect,
  openWorkspaceMenu,
  switcher,
  workspaceMenu,
} from './workspaces-helpers';

// Workspaces from the web's side: the workspace menu in the top bar (create one, switch, by
// keyboard too), the members page (invite, resend, revoke, the roles), the invitation page for a
// visitor, for someone signed in with another address and for the invited person, who signs up
// from the link, proves the address with a sign-in code, joins and lands on the new workspace's
// dashboard with the pages an operator has. Screenshots at 1280 and 375, light and dark, checked
// with axe, go to test-results/screenshots/.

const PASSWORD = 'workspace-journey-pw';

/** The token of the newest invitation mailed to `email`, from the link it carries. */
async function invitationToken(email: string): Promise<string> {
  const mail = await latestMailTo(email, 'invited you to');
  const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(token, 'the invitation link in the mail').toBeTruthy();
  return token ?? '';
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('the workspace menu, the members page and an invitation from link to joined', async ({
  page,
  browser,
}, info) => {
  // Two accounts, a sign-in code, three screens shot in four variants: far past 30 s on a busy machine.
  test.setTimeout(720_000);
  const baseURL = String(info.project.use.baseURL);
  const tag = runTag();
  const workspaceName = `Acme Agency ${tag.slice(0, 6)}`;
  const invitee = uniqueEmail('invitee');
  const revoked = uniqueEmail('revoked');

  // The owner starts in their personal workspace, as every account does.
  await page.goto('/');
  // An address proven first: an unproven account makes no workspace and invites nobody.
  await signInWithCode(page, baseURL, await signInNewCustomer(page, 'ws-owner'));
  await page.goto('/dashboard');
  await expect(switcher(page)).toContainText('Personal');
  await expect(switcher(page)).toContainText('Owner');

  // Create workspace: the session moves into it and the app starts over on its dashboard.
  await createWorkspaceFromMenu(page, workspaceName);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The menu by keyboard: ArrowDown opens it on the checked workspace, Escape gives the focus back.
  await switcher(page).focus();
  await page.keyboard.press('ArrowDown');
  const active = workspaceMenu(page).getByRole('menuitemradio', { name: new RegExp(workspaceName) });
  await expect(active).toBeFocused();
  await expect(active).toHaveAttribute('aria-checked', 'true');
  await expect(workspaceMenu(page).getByRole('menuitemradio', { name: /Personal/ })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(workspaceMenu(page).getByRole('menuitem', { name: 'Members' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(workspaceMenu(page)).toBeHidden();
  await expect(switcher(page)).toBeFocused();

  await shootEveryVariant(
    page,
    'workspace-menu',
    async (p) => {
      await p.goto('/dashboard');
      await openWorkspaceMenu(p);
    },
    { fullPage: false },
  );

  // Members: invite two people; one invitation is revoked.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await openWorkspaceMenu(page);
  await workspaceMenu(page).getByRole('menuitem', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/settings\/members$/);
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByText('You', { exact: true }).filter({ visible: true }).first()).toBeVisible();

  for (const [email, role] of [
    [invitee, 'Operator'],
    [revoked, 'Viewer'],
  ] as const) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    // The first one's toast may still show: the one naming this address.
    await expect(toast(page, 'Invitation sent').filter({ hasText: email })).toBeVisible();
  }
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await expect(invitations.getByText(invitee).filter({ visible: true }).first()).toBeVisible();
  await expect(invitations.getByText('3 resends left today').filter({ visible: true }).first()).toBeVisible();

  await page.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click();
  await expect(toast(page, 'Invitation sent again')).toBeVisible();
  await expect(invitations.getByText('2 resends left today').filter({ visible: true }).first()).toBeVisible();

  await page.getByRole('button', { name: `Revoke the invitation to ${revoked}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke this invitation?' })
    .getByRole('button', { name: 'Revoke invitation' })
    .click();
  await expect(toast(page, 'Invitation revoked')).toBeVisible();

  await shootEveryVariant(
    page,
    'members-page',
    opening('/settings/members', async (p) => {
      await expect(
        p.getByRole('region', { name: 'Invitations' }).getByText(invitee).filter({ visible: true }).first(),
      ).toBeVisible();
    }),
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  const token = await invitationToken(invitee);
  const revokedToken = await invitationToken(revoked);
  const invitationPath = `/invitations/${token}`;

  // Someone signed in with another address is told which address the invitation is for.
  await page.goto(invitationPath);
  await expect(page.getByRole('heading', { name: `Join ${workspaceName}` })).toBeVisible();
  await expect(page.getByText('You are signed in with another address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // Closed and unknown links say so.
  await page.goto(`/invitations/${revokedToken}`);
  await expect(page.getByRole('heading', { name: 'This invitation was withdrawn' })).toBeVisible();
  await page.goto('/invitations/no-such-invitation');
  await expect(page.getByRole('heading', { name: 'Invitation not found' })).toBeVisible();

  // A visitor: the offer, and the ways in with the invited address.
  const visitor = await newPage(browser, baseURL);
  await visitor.goto(invitationPath);
  await expect(visitor.getByRole('heading', { name: `Join ${workspaceName}` })).toBeVisible();
  const facts = visitor.getByRole('definition');
  await expect(facts.filter({ hasText: invitee })).toBeVisible();
  await expect(facts.filter({ hasText: 'Operator: Panels with their passwords' })).toBeVisible();
  await shootEveryVariant(
    visitor,
    'invitation-page',
    opening(invitationPath, async (p) => {
      await expect(p.getByRole('link', { name: 'Create an account' })).toBeVisible();
    }),
  );

  // Create an account: the address comes along, and so does the way back to the invitation.
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto(invitationPath);
  await visitor.getByRole('link', { name: 'Create an account' }).click();
  await expect(visitor).toHaveURL(/\/register\?/);
  await expect(visitor.getByLabel('Email')).toHaveValue(invitee);
  await visitor.getByLabel('Full Name').fill('Ivy Invitee');
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Sign up' }).click();
  await expect(visitor).toHaveURL(/\/login\?redirect=%2Finvitations%2F/);

  // A sign-in code proves the address, and the sign-in comes back to the invitation.
  await visitor.getByRole('tab', { name: 'OTP' }).click();
  await expect(visitor.getByLabel('Email')).toHaveValue(invitee);
  await visitor.getByRole('button', { name: 'Send verification code' }).click();
  const code = /sign-in code: (\d{6})/.exec(await latestMailTo(invitee, 'sign-in code'))?.[1];
  await visitor.getByLabel('Verification code').fill(code ?? '');
  await visitor.getByRole('button', { name: 'Verify code' }).click();
  await expect(visitor).toHaveURL(new RegExp(`${invitationPath}$`));

  // Join: the session moves into the workspace, with the operator's pages.
  await visitor.getByRole('button', { name: `Join ${workspaceName}` }).click();
  await expect(visitor).toHaveURL(/\/dashboard$/);
  await expect(toast(visitor, `You joined ${workspaceName}`)).toBeVisible();
  await expect(switcher(visitor)).toContainText(workspaceName);
  await expect(switcher(visitor)).toContainText('Operator');
  const nav = visitor.getByRole('navigation', { name: 'Account' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Start new order' })).toHaveCount(0);
  await openWorkspaceMenu(visitor);
  await expect(workspaceMenu(visitor).getByRole('menuitem', { name: 'Members' })).toHaveCount(0);
  await visitor.keyboard.press('Escape');
  await visitor.goto('/billing');
  await expect(visitor.getByText('which does not include billing')).toBeVisible();

  // The owner sees the new member; the invitation is accepted.
  await page.goto('/settings/members');
  await expect(members.getByText(invitee).filter({ visible: true }).first()).toBeVisible();
  await expect(invitations.getByText('Accepted').filter({ visible: true }).first()).toBeVisible();

  // Back to the personal workspace from the menu: nothing of the agency's stays.
  await openWorkspaceMenu(page);
  await workspaceMenu(page)
    .getByRole('menuitemradio', { name: /Personal/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(switcher(page)).toContainText('Personal');
  await expect(toast(page, 'Now working in Personal')).toBeVisible();

  await visitor.context().close();
});

test('a signed-in invitee with an address not yet proven is asked to sign in with a code', async ({
  page,
  browser,
}, info) => {
  test.slow();
  const baseURL = String(info.project.use.baseURL);
  const owner = await newPage(browser, baseURL);
  await owner.goto('/');
  await signInWithCode(owner, baseURL, await signInNewCustomer(owner, 'ws-owner2'));
  const created = await owner.request.post('/api/me/workspaces', { data: { name: `Unproven ${runTag()}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const invitee = uniqueEmail('unproven');
  const invited = await owner.request.post(`/api/me/workspaces/${id}/invitations`, {
    data: { email: invitee, role: 'viewer' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  const token = await invitationToken(invitee);
  await owner.context().close();

  // Signed up and in with a password only: the address is not proven yet.
  await page.goto('/');
  await registerUser(page, 'Una Unproven', invitee, PASSWORD);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: invitee, password: PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto(`/invitations/${token}`);
  await expect(page.getByText('Confirm your address first')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out and sign in with a code' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Finvitations%2F/);
  await settled(page);
});
