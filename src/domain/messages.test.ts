import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as messages from './messages';
import {
  AUTH_ALREADY_REGISTERED,
  AUTH_EMAIL_NOT_CONFIRMED,
  AUTH_FAILED,
  AUTH_INVALID_CREDENTIALS,
  AUTH_NOT_CONFIGURED,
  AUTH_REQUIRED_DESCRIPTION,
  CHECKOUT_CONNECTION_ERROR,
  CHECKOUT_INVALID_RESPONSE,
  CHECKOUT_SESSION_FAILED,
  CHECKOUT_START_FAILED,
  CHECKOUT_URL_MISSING,
  CSV_NO_DATA,
  demoHint,
  EMAIL_REQUIRED,
  EMAIL_REQUIRED_DESCRIPTION,
  EXPORT_FAILED_DESCRIPTION,
  exportSuccessDescription,
  invoicesExportedDescription,
  LOGGED_OUT,
  LOGGED_OUT_DESCRIPTION,
  LOGIN_FAILED_FALLBACK,
  mailboxRateText,
  mailboxSeatsText,
  NO_ORDERS_SELECTED_DESCRIPTION,
  NO_PANELS_SELECTED,
  NO_PANELS_SELECTED_DESCRIPTION,
  NO_PANELS_YET,
  ORDER_FAILED,
  orderIdLabel,
  PAYMENT_CANCELED_TEXT,
  PAYMENT_SUCCESS_TOAST,
  PAYMENT_VERIFY_ERROR_INFO,
  PAYMENT_VERIFY_EXHAUSTED_INFO,
  PLAN_REQUIRED_DESCRIPTION,
  PROFILE_UPDATED,
  REGISTER_FAILED_FALLBACK,
  REGISTER_SUCCESS,
  SIGNED_IN,
  SIGNED_OUT,
  stillChecking,
  USER_PROFILE_UPDATED,
} from './messages';

describe('documented texts', () => {
  it('authentication', () => {
    expect(AUTH_NOT_CONFIGURED).toBe(
      'Authentication system is not properly configured. Please contact support.',
    );
    expect(AUTH_ALREADY_REGISTERED).toBe('This email is already registered. Please log in instead.');
    expect(AUTH_INVALID_CREDENTIALS).toBe('Invalid email or password. Please try again.');
    expect(AUTH_EMAIL_NOT_CONFIRMED).toBe('Please confirm your email before logging in.');
    expect(AUTH_FAILED).toBe('Authentication failed');
    expect(LOGIN_FAILED_FALLBACK).toBe('Please check your credentials');
    expect(REGISTER_FAILED_FALLBACK).toBe('An error occurred during registration');
    expect(REGISTER_SUCCESS).toBe('Account created successfully! You can now log in.');
    expect(EMAIL_REQUIRED).toBe('Email required');
    expect(EMAIL_REQUIRED_DESCRIPTION).toBe('Please enter your email address');
    expect(SIGNED_IN).toBe('Signed in successfully');
    expect(LOGGED_OUT).toBe('Logged out successfully');
    expect(LOGGED_OUT_DESCRIPTION).toBe('You have been logged out of your account.');
    expect(SIGNED_OUT).toBe('Signed out successfully');
    expect(USER_PROFILE_UPDATED).toBe('User profile updated');
    expect(PROFILE_UPDATED).toBe('Profile updated successfully');
    expect(demoHint('admin@x.test', 'user@x.test')).toBe(
      'Demo credentials: admin@x.test (admin) or user@x.test (user)',
    );
  });

  it('ordering and exports', () => {
    expect(AUTH_REQUIRED_DESCRIPTION).toBe('Please log in to place an order.');
    expect(PLAN_REQUIRED_DESCRIPTION).toBe('You need to select a subscription plan.');
    expect(CHECKOUT_URL_MISSING).toBe(
      'Unable to generate checkout URL. Please try again or contact support.',
    );
    expect(NO_PANELS_SELECTED).toBe('No panels selected');
    expect(NO_PANELS_SELECTED_DESCRIPTION).toBe('Please select at least one admin panel to export.');
    expect(NO_ORDERS_SELECTED_DESCRIPTION).toBe('Please select at least one order to export.');
    expect(CSV_NO_DATA).toBe('No data provided for CSV export');
    expect(EXPORT_FAILED_DESCRIPTION).toBe('There was an error exporting your data. Please try again.');
    expect(exportSuccessDescription(3, 'panels')).toBe('3 admin panels exported to CSV.');
    expect(exportSuccessDescription(12, 'orders')).toBe('12 orders exported to CSV.');
    expect(exportSuccessDescription(1, 'panels')).toBe('1 admin panel exported to CSV.');
    expect(exportSuccessDescription(1, 'orders')).toBe('1 order exported to CSV.');
    expect(invoicesExportedDescription(1)).toBe('1 invoice exported to CSV.');
    expect(invoicesExportedDescription(2)).toBe('2 invoices exported to CSV.');
    expect(CHECKOUT_SESSION_FAILED).toBe('Failed to create checkout session');
    expect(CHECKOUT_INVALID_RESPONSE).toBe('Invalid response from payment provider');
    expect(CHECKOUT_CONNECTION_ERROR).toBe('Error connecting to payment provider');
    expect(CHECKOUT_START_FAILED).toBe('Unable to start checkout process');
    expect(ORDER_FAILED).toBe('Order failed');
  });

  it('payment return flow', () => {
    expect(PAYMENT_SUCCESS_TOAST).toBe('Payment successful! Your admin panels are being provisioned.');
    expect(PAYMENT_VERIFY_ERROR_INFO).toBe(
      'Your payment is being verified. Please check your dashboard in a few minutes.',
    );
    expect(PAYMENT_VERIFY_EXHAUSTED_INFO).toBe(
      'Your payment is being verified by our system. Your admin panels will appear on your dashboard shortly.',
    );
    expect(stillChecking(2)).toBe('Still checking... (2/3)');
    expect(orderIdLabel('abc')).toBe('Order ID: abc');
    expect(PAYMENT_CANCELED_TEXT).toBe(
      "Your payment was canceled and you have not been charged. You can retry the purchase whenever you're ready.",
    );
  });

  it('screens and pricing', () => {
    expect(NO_PANELS_YET).toBe("You don't have any admin panels yet.");
    expect(mailboxRateText(25)).toBe('As low as 25 cents per mailbox');
    expect(mailboxSeatsText(10000, false)).toBe('Up to 10,000 mailbox seats');
    expect(mailboxSeatsText(50000, true)).toBe('More than 50,000 mailbox seats');
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
