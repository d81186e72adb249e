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

/** Proves the address with a sign-in code, through the API: the sign-in screens are another journey's. */
export async function signInWithCode(page: Page, baseURL: string, email: string): Promise<void> {
  // As the browser would send it: the auth library refuses a cookie-carrying call without one.
  const headers = { origin: baseURL };
  const sent = await page.request.post('/api/auth/email-otp/send-verification-otp', {
    data: { email, type: 'sign-in' },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const otp = /sign-in code: (\d{6})/.exec(await latestMailTo(email, 'sign-in code'))?.[1];
  expect(otp, 'the sign-in code in the mail').toBeTruthy();
  const signedIn = await page.request.post('/api/auth/sign-in/email-otp', { data: { email, otp }, headers });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}
