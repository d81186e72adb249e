import { expect, test } from '@playwright/test';
import {
  DEMO,
  latestMailTo,
  registerUser,
  signIn,
  submitPasswordSignIn,
  uniqueEmail,
} from './accounts-helpers';

test('register, sign in, log out: the documented texts and redirects', async ({ page }) => {
  const email = uniqueEmail('reg');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();

  // Client-side checks first: nothing is sent for a short password.
  await page.getByLabel('Full Name').fill('Riley Register');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();

  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Account created successfully! You can now log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The same address again: the server's text in the alert above the form.
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Riley Again');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('another-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This email is already registered. Please log in instead.',
  );

  await page.goto('/login');
  await expect(page.getByText('Access your admin panel account')).toBeVisible();
  await submitPasswordSignIn(page, email, 'wrong-password');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();

  await submitPasswordSignIn(page, email, 'a-good-password');
  await expect(page.getByText('Signed in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText('Riley Register')).toBeVisible();

  // A signed-in user opening /login or /register goes on to the dashboard.
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByText('You have been logged out of your account.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('the login page has tabs, the demo hint and the documented texts for an empty OTP e-mail', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(
    page.getByText(`Demo credentials: ${DEMO.admin} (admin) or ${DEMO.customer} (user)`),
  ).toBeVisible();
  await expect(page.getByText(DEMO.password)).toBeVisible();

  const passwordTab = page.getByRole('tab', { name: 'Password' });
  await expect(passwordTab).toHaveAttribute('aria-selected', 'true');
  await passwordTab.focus();
  await page.keyboard.press('ArrowRight');
  const otpTab = page.getByRole('tab', { name: 'OTP' });
  await expect(otpTab).toHaveAttribute('aria-selected', 'true');
  await expect(otpTab).toBeFocused();

  await page.getByRole('button', { name: 'Send verification code' }).click();
  await expect(page.getByText('Email required')).toBeVisible();
  await expect(page.getByText('Please enter your email address')).toBeVisible();

  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('sign in with a code from the e-mail', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'OTP' }).click();
  await page.getByLabel('Email').fill(DEMO.customer);
  await page.getByRole('button', { name: 'Send verification code' }).click();
  await expect(page.getByText('Verification code sent')).toBeVisible();

  const mail = await latestMailTo(DEMO.customer, 'sign-in code');
  const code = /sign-in code: (\d{6})/.exec(mail)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  await page.getByLabel('Verification code').fill(code ?? '');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText('Signed in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a code sign-in in the browser that signed up keeps the password: code, log out, password, then change it', async ({
  page,
}) => {
  // Sign-up, a code, two sign-ins and a password change: more steps than 30 s hold on a busy machine.
  test.slow();
  const email = uniqueEmail('code');
  await registerUser(page, 'Casey Code', email, 'first-password');

  await page.goto('/login');
  await page.getByRole('tab', { name: 'OTP' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send verification code' }).click();
  const mail = await latestMailTo(email, 'sign-in code');
  const code = /sign-in code: (\d{6})/.exec(mail)?.[1];
  await page.getByLabel('Verification code').fill(code ?? '');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, 'first-password');
  await page.goto('/profile');
  await page.getByLabel('Current Password', { exact: true }).fill('first-password');
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm New Password').fill('second-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('User profile updated')).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, email, 'second-password');
});

test('the confirmation link lands on /login with a notice', async ({ page }) => {
  await page.goto('/login?confirmed=1');
  await expect(
    page.getByRole('status').filter({ hasText: 'E-mail confirmed, you can sign in' }),
  ).toBeVisible();
  await page.goto('/login?confirmed=1&error=TOKEN_EXPIRED');
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link is invalid or has expired. Sign in to get a new one.',
  );
});

test('forgot password: a reset link by e-mail, then sign in with the new password', async ({ page }) => {
  const email = uniqueEmail('reset');
  await registerUser(page, 'Robin Reset', email, 'old-password-1');

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  // Unknown addresses get exactly the same answer.
  await page.getByRole('button', { name: 'try another address' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for nobody-')).toBeVisible();

  const mail = await latestMailTo(email, 'Reset your');
  const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link ?? '');
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/\/reset-password\?token=/);

  await page.getByLabel('New Password', { exact: true }).fill('new-password-2');
  await page.getByLabel('Confirm New Password').fill('new-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, 'new-password-2');

  // The link works once.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByText('This link is invalid or has expired. Request a new one.')).toBeVisible();
});
