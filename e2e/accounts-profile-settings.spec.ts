import { expect, test } from '@playwright/test';
import { registerUser, signIn, uniqueEmail } from './accounts-helpers';

test('update the profile, then change the password', async ({ page, browser }) => {
  // Two browsers, the profile, the billing details it shares, and four password attempts.
  test.slow();
  const email = uniqueEmail('profile');
  await registerUser(page, 'Pat Profile', email, 'first-password');
  await signIn(page, email, 'first-password');

  // A second browser signed in as the same user: changing the password signs it out.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, 'first-password');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  // Read-only facts: shown as text, with no field to edit them.
  await expect(page.getByRole('definition').filter({ hasText: email })).toBeVisible();
  await expect(page.getByText('Member Since')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email Address' })).toHaveCount(0);

  await page.getByLabel('Full Name').fill('Pat Updated');
  await page.getByLabel('Company or Organization').fill('Example School');
  await page.getByLabel('Phone Number').fill('+1 206 555 0100');
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Pat Updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Company or Organization')).toHaveValue('Example School');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  // One company and country: the billing details show what the profile saved.
  await page.goto('/billing');
  const billing = page.getByRole('region', { name: 'Billing details' });
  await expect(billing.getByLabel('Company name')).toHaveValue('Example School');
  await expect(billing.getByLabel('Country')).toHaveValue('US');
  await page.goto('/profile');

  // Client-side rules: the new password's length and the confirmation.
  const update = page.getByRole('button', { name: 'Update Password' });
  await page.getByLabel('Current Password', { exact: true }).fill('first-password');
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('different');
  await update.click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByText('The new passwords do not match.')).toBeVisible();

  // The server checks the current password.
  await page.getByLabel('Current Password', { exact: true }).fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm New Password').fill('second-password');
  await update.click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();

  await page.getByLabel('Current Password', { exact: true }).fill('first-password');
  await update.click();
  await expect(page.getByText('User profile updated')).toBeVisible();
  await expect(
    page.getByText('Your password has been changed. You have been signed out on your other devices.'),
  ).toBeVisible();
  await expect(page.getByLabel('Current Password', { exact: true })).toHaveValue('');

  // This tab stays signed in; the other one was signed out.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await other.close();

  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, email, 'second-password');
});

test('settings: defaults, save notifications, session timeout, then delete the account', async ({ page }) => {
  const email = uniqueEmail('settings');
  await registerUser(page, 'Sam Settings', email, 'settings-password');
  await signIn(page, email, 'settings-password');
  await page.goto('/settings');

  const emailNotifications = page.getByRole('switch', { name: 'Email Notifications' });
  const marketing = page.getByRole('switch', { name: 'Marketing Emails' });
  const orderUpdates = page.getByRole('switch', { name: 'Order Updates' });
  const timeout = page.getByRole('switch', { name: 'Session Timeout' });
  await expect(emailNotifications).toHaveAttribute('aria-checked', 'true');
  await expect(marketing).toHaveAttribute('aria-checked', 'false');
  await expect(orderUpdates).toHaveAttribute('aria-checked', 'true');
  await expect(timeout).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('log out after 30 minutes of inactivity')).toBeVisible();

  // Switches work from the keyboard.
  await marketing.focus();
  await page.keyboard.press('Space');
  await expect(marketing).toHaveAttribute('aria-checked', 'true');
  await orderUpdates.click();
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();

  // Session Timeout saves at once.
  await timeout.click();
  await expect(page.getByText('Session timeout turned off')).toBeVisible();

  await page.reload();
  await expect(marketing).toHaveAttribute('aria-checked', 'true');
  await expect(orderUpdates).toHaveAttribute('aria-checked', 'false');
  await expect(emailNotifications).toHaveAttribute('aria-checked', 'true');
  await expect(timeout).toHaveAttribute('aria-checked', 'false');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${email} to confirm`).fill(email.toUpperCase());
  await confirm.click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('settings-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
});
