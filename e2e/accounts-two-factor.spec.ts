import { expect, test } from '@playwright/test';
import { totpFromUri } from '../src/server/testing/totp';
import { registerUser, signIn, submitPasswordSignIn, uniqueEmail } from './accounts-helpers';
import { axeViolations } from './screenshots';

test('enrol two-factor, sign in with a TOTP code, then turn it off', async ({ page }) => {
  // Enrolment, three sign-ins and turning it off: more steps than 30 s hold on a busy machine.
  test.slow();
  const email = uniqueEmail('totp');
  const password = 'totp-password-1';
  await registerUser(page, 'Toni Two', email, password);
  await signIn(page, email, password);

  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Two-Factor Authentication' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();

  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  const qr = dialog.locator('[data-totp-uri]');
  await expect(qr).toBeVisible();
  const uri = (await qr.getAttribute('data-totp-uri')) ?? '';
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  await expect(dialog.getByTestId('totp-secret')).toHaveText(secret.replace(/(.{4})/g, '$1 ').trim());
  await page.screenshot({ path: 'test-results/screenshots/two-factor-enrol.png' });
  const backupCodes = await dialog
    .getByRole('list', { name: 'Backup codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  expect(await axeViolations(page)).toEqual([]);

  await dialog.getByLabel('6-digit code').fill(totpFromUri(uri));
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-factor authentication enabled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  // Sign out and back in: the password alone is no longer enough.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitPasswordSignIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await page.getByLabel('Authentication code').fill(totpFromUri(uri));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Signed in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Turning it off asks for the password and a current code.
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Two-Factor Authentication' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
  await off.getByLabel('Password', { exact: true }).fill(password);
  await off.getByLabel('Code from your authenticator app').fill(totpFromUri(uri));
  await off.getByRole('button', { name: 'Turn off two-factor' }).click();
  await expect(page.getByText('Two-factor authentication disabled')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Two-Factor Authentication' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  // With two-factor off, the password alone signs in again.
  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, email, password);
});
