import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as messages from './messages';

// The constants as one table per group: a text that drifts shows up under its name in the diff.
describe('documented texts', () => {
  it('authentication', () => {
    expect(messages).toMatchObject({
      AUTH_NOT_CONFIGURED: 'Authentication system is not properly configured. Please contact support.',
      AUTH_ALREADY_REGISTERED: 'This email is already registered. Please log in instead.',
      AUTH_INVALID_CREDENTIALS: 'Invalid email or password. Please try again.',
      AUTH_EMAIL_NOT_CONFIRMED: 'Please confirm your email before logging in.',
      AUTH_FAILED: 'Authentication failed',
      LOGIN_FAILED_FALLBACK: 'Please check your credentials',
      REGISTER_FAILED_FALLBACK: 'An error occurred during registration',
      REGISTER_SUCCESS: 'Account created successfully! You can now log in.',
      EMAIL_REQUIRED: 'Email required',
      EMAIL_REQUIRED_DESCRIPTION: 'Please enter your email address',
      SIGNED_IN: 'Signed in successfully',
      LOGGED_OUT: 'Logged out successfully',
      LOGGED_OUT_DESCRIPTION: 'You have been logged out of your account.',
      SIGNED_OUT: 'Signed out successfully',
      USER_PROFILE_UPDATED: 'User profile updated',
      PROFILE_UPDATED: 'Profile updated successfully',
    });
    expect(messages.demoHint('admin@x.test', 'user@x.test')).toBe(
      'Demo credentials: admin@x.test (admin) or user@x.test (user)',
    );
  });

  it('ordering and exports', () => {
    expect(messages).toMatchObject({
      AUTH_REQUIRED_DESCRIPTION: 'Please log in to place an order.',
      PLAN_REQUIRED_DESCRIPTION: 'You need to select a subscription plan.',
      CHECKOUT_URL_MISSING: 'Unable to generate checkout URL. Please try again or contact support.',
      NO_PANELS_SELECTED: 'No panels selected',
      NO_PANELS_SELECTED_DESCRIPTION: 'Please select at least one admin panel to export.',
      NO_ORDERS_SELECTED_DESCRIPTION: 'Please select at least one order to export.',
      CSV_NO_DATA: 'No data provided for CSV export',
      EXPORT_FAILED_DESCRIPTION: 'There was an error exporting your data. Please try again.',
      CHECKOUT_SESSION_FAILED: 'Failed to create checkout session',
      CHECKOUT_INVALID_RESPONSE: 'Invalid response from payment provider',
      CHECKOUT_CONNECTION_ERROR: 'Error connecting to payment provider',
      CHECKOUT_START_FAILED: 'Unable to start checkout process',
      ORDER_FAILED: 'Order failed',
    });
    expect(messages.exportSuccessDescription(3, 'panels')).toBe('3 admin panels exported to CSV.');
    expect(messages.exportSuccessDescription(12, 'orders')).toBe('12 orders exported to CSV.');
    expect(messages.exportSuccessDescription(1, 'panels')).toBe('1 admin panel exported to CSV.');
    expect(messages.exportSuccessDescription(1, 'orders')).toBe('1 order exported to CSV.');
    expect(messages.invoicesExportedDescription(1)).toBe('1 invoice exported to CSV.');
    expect(messages.invoicesExportedDescription(2)).toBe('2 invoices exported to CSV.');
  });

  it('payment return flow', () => {
    expect(messages).toMatchObject({
      PAYMENT_SUCCESS_TOAST: 'Payment successful! Your admin panels are being provisioned.',
      PAYMENT_VERIFY_ERROR_INFO:
        'Your payment is being verified. Please check your dashboard in a few minutes.',
      PAYMENT_VERIFY_EXHAUSTED_INFO:
        'Your payment is being verified by our system. Your admin panels will appear on your dashboard shortly.',
      PAYMENT_CANCELED_TEXT:
        "Your payment was canceled and you have not been charged. You can retry the purchase whenever you're ready.",
    });
    expect(messages.stillChecking(2)).toBe('Still checking... (2/3)');
    expect(messages.orderIdLabel('abc')).toBe('Order ID: abc');
  });

  it('screens and pricing', () => {
    expect(messages.NO_PANELS_YET).toBe("You don't have any admin panels yet.");
    expect(messages.mailboxRateText(25)).toBe('As low as 25 cents per mailbox');
    expect(messages.mailboxSeatsText(10000, false)).toBe('Up to 10,000 mailbox seats');
    expect(messages.mailboxSeatsText(50000, true)).toBe('More than 50,000 mailbox seats');
  });
});

describe('every text is shown (docs/decisions/0006-spec-texts.md)', () => {
  /** Source files (tests excluded) under `dir`. */
  function code(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return code(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  }

  /** The names a file imports from the texts' modules (messages.ts and the two it re-exports). */
  function importedTexts(source: string): string[] {
    const imports = source.matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*(?:domain\/)?(?:messages|plan-texts|not-found-texts)'/g,
    );
    return [...imports].flatMap(([, list]) =>
      list!
        .split(',')
        .map(
          (item) =>
            item
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean),
    );
  }

  const appFiles = [...code('src/web'), ...code('src/server')];
  const appSources = appFiles.map((file) => readFileSync(file, 'utf8'));
  const usedByApp = new Set(appSources.flatMap(importedTexts));
  // A domain module (auth-errors.ts, csv.ts) counts when the web app or the server uses it.
  const textModules = /\/(messages|plan-texts|not-found-texts)\.ts$/;
  for (const file of code('src/domain').filter((f) => !textModules.test(f))) {
    const module = file.replace(/^src\/domain\//, '').replace(/\.tsx?$/, '');
    if (!appSources.some((source) => source.includes(`domain/${module}'`))) continue;
    for (const name of importedTexts(readFileSync(file, 'utf8'))) usedByApp.add(name);
  }

  const note = readFileSync('docs/decisions/0006-spec-texts.md', 'utf8');
  const notShown = note.split(/^## Not shown$/m)[1] ?? '';
  const dropped = [...notShown.matchAll(/^- `(\w+)`/gm)].map(([, name]) => name!);

  it('uses every exported text somewhere in the web app or the server', () => {
    const unused = Object.keys(messages).filter((name) => !usedByApp.has(name) && !dropped.includes(name));
    expect(unused).toEqual([]);
  });

  it('lists as not shown only texts that exist and really are not shown', () => {
    expect(dropped.length).toBeGreaterThan(0);
    for (const name of dropped) {
      expect(Object.keys(messages), name).toContain(name);
      expect(usedByApp.has(name), `${name} is shown: take it off the note's list`).toBe(false);
    }
  });
});
