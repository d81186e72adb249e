import { describe, expect, it } from 'vitest';
import {
  AUTH_ALREADY_REGISTERED,
  AUTH_EMAIL_NOT_CONFIRMED,
  AUTH_FAILED,
  AUTH_INVALID_CREDENTIALS,
  AUTH_NOT_CONFIGURED,
  AUTH_REQUIRED_DESCRIPTION,
  CHECKOUT_URL_MISSING,
  CSV_NO_DATA,
  demoHint,
  EMAIL_REQUIRED,
  EMAIL_REQUIRED_DESCRIPTION,
  EXPORT_FAILED_DESCRIPTION,
  errorText,
  exportSuccessDescription,
  LOGGED_OUT,
  LOGGED_OUT_DESCRIPTION,
  LOGIN_FAILED_FALLBACK,
  mailboxRateText,
  mailboxSeatsText,
  NO_ORDERS_SELECTED_DESCRIPTION,
  NO_PANELS_SELECTED,
  NO_PANELS_SELECTED_DESCRIPTION,
  NO_PANELS_YET,
  orderIdLabel,
  PAYMENT_CANCELED_TEXT,
  PAYMENT_SUCCESS_TOAST,
  PAYMENT_VERIFY_ERROR_INFO,
  PAYMENT_VERIFY_EXHAUSTED_INFO,
  PLAN_REQUIRED_DESCRIPTION,
  REGISTER_FAILED_FALLBACK,
  REGISTER_SUCCESS,
  SIGNED_IN,
  stillChecking,
} from './messages';

describe('spec texts', () => {
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

describe('errorText', () => {
  it('uses the error message or the fallback', () => {
    expect(errorText(new Error('Boom'), LOGIN_FAILED_FALLBACK)).toBe('Boom');
    expect(errorText('Plain', LOGIN_FAILED_FALLBACK)).toBe('Plain');
    expect(errorText(new Error('  '), LOGIN_FAILED_FALLBACK)).toBe('Please check your credentials');
    expect(errorText({ code: 1 }, 'An error occurred')).toBe('An error occurred');
    expect(errorText(undefined, 'An error occurred')).toBe('An error occurred');
  });
});
