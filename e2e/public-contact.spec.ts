import { expect, test } from '@playwright/test';
import { waitForHydration } from './public-helpers';

test('the contact form checks its fields, then sends and confirms', async ({ page }) => {
  await page.goto('/contact');
  await waitForHydration(page);
  const send = page.getByRole('button', { name: 'Send message' });

  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@');
  await send.click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Subject').fill('Enterprise with add-ons');
  await page.getByLabel('Message').fill('We need 40 panels. Can we start this month?');
  await send.click();

  const confirmation = page.getByRole('status');
  await expect(confirmation).toContainText('Message sent');
  await expect(confirmation).toContainText('grace@example.com');
  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByLabel('Message')).toHaveValue('');
});
