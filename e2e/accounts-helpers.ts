import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Seeded by the e2e server (demo mode). Read-only journeys use these; anything that changes an account registers its own user. */
export const DEMO = {
  admin: 'admin@panelhub.example',
  customer: 'customer@panelhub.example',
  password: 'demo-password',
} as const;

// The e2e server's DATA_DIR (playwright.config.ts); overridable for a run on another port.
const OUTBOX = join(process.env.E2E_DATA_DIR ?? '.data-e2e', 'outbox');

/** A fresh address per call, so journeys never share state. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * Creates an account through the API (the page's request context, same origin). Sign-ups are
 * limited to 10 per IP per hour, so only journeys that need a fresh account call this.
 */
export async function registerUser(page: Page, name: string, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills the Password tab of /login (the page must be showing it) and submits. */
export async function submitPasswordSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through /login and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitPasswordSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The newest message in the local outbox addressed to `to`, decoded enough to read codes and links. */
export async function latestMailTo(to: string, subjectIncludes: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'));
        } catch {
          return false;
        }
        const matching = files
          .map((f) => join(OUTBOX, f))
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
          .map((f) => decodeQuotedPrintable(readFileSync(f, 'utf8')))
          .find(
            (mail) =>
              new RegExp(`^To: .*${escapeRegExp(to)}`, 'mi').test(mail) && mail.includes(subjectIncludes),
          );
        found = matching;
        return matching !== undefined;
      },
      { message: `a mail to ${to} about "${subjectIncludes}"` },
    )
    .toBe(true);
  return found ?? '';
}
