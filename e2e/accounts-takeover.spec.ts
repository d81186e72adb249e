import { expect, test } from '@playwright/test';
import { latestMailTo, signIn, submitPasswordSignIn, uniqueEmail } from './accounts-helpers';
import { opening, shootEveryVariant } from './screenshots';

/**
 * Someone else signed up with my address first and chose its password. Two browsers, as two
 * people: my code sign-in proves the address, their password stops working, and the pages and
 * an e-mail tell me I can set my own, which I do through my mailbox.
 */
test('a code sign-in by the mailbox owner takes the account back from whoever registered it', async ({
  page,
  browser,
}) => {
  // Two browsers, two e-mails and four screenshots with their axe checks.
  test.slow();
  const email = uniqueEmail('taken');
  const squatter = await browser.newContext();
  const squatterPage = await squatter.newPage();
  const signUp = await squatterPage.request.post('/api/auth/sign-up/email', {
    data: { name: 'Mallory', email, password: 'squatter-password' },
  });
  expect(signUp.status()).toBe(200);
  await signIn(squatterPage, email, 'squatter-password');

  await page.goto('/login');
  await page.getByRole('tab', { name: 'OTP' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send verification code' }).click();
  const code = /sign-in code: (\d{6})/.exec(await latestMailTo(email, 'sign-in code'))?.[1];
  await page.getByLabel('Verification code').fill(code ?? '');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your e-mail address is confirmed. You can set a password now')).toBeVisible();
  await latestMailTo(email, 'you can set a password now');

  // The squatter's session ended and their password no longer opens the account.
  await squatterPage.goto('/dashboard');
  await expect(squatterPage).toHaveURL(/\/login/);
  await submitPasswordSignIn(squatterPage, email, 'squatter-password');
  await expect(squatterPage.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await squatter.close();

  await shootEveryVariant(
    page,
    'profile-set-password',
    opening('/profile', (p) =>
      expect(p.getByRole('button', { name: 'Email me a link to set a password' })).toBeVisible(),
    ),
  );
  await page.getByRole('button', { name: 'Email me a link to set a password' }).click();
  await expect(page.getByText('Check your email for a link to set your password.')).toBeVisible();
  const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(await latestMailTo(email, 'Reset your'))?.[0];
  const url = new URL(link ?? '');
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('New Password', { exact: true }).fill('my-own-password');
  await page.getByLabel('Confirm New Password').fill('my-own-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await signIn(page, email, 'my-own-password');
  await expect(page.getByText('You can set a password now')).toHaveCount(0);
});

test('the confirmation link that removed a password says so on /login', async ({ page }) => {
  await page.goto('/login?confirmed=1&password=removed');
  await expect(page.getByRole('status')).toContainText('A password set before the confirmation was removed');
  await page.getByRole('link', { name: 'Set a password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
