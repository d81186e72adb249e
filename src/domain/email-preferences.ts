import { z } from 'zod';

/*
 * Which e-mails a person can turn off (docs/decisions/0008-email-classes-and-operator-alerts.md).
 * Shared by the server, which checks them when a message is queued, and the web app, which
 * shows the toggles and the one-click page.
 */

/**
 * Every e-mail has one class:
 * - account: security and credentials (sign-in codes, confirmation and reset links, the
 *   account deletion notice) and the answers to what the person asked for (the decision on a
 *   replacement request); always sent;
 * - order: orders and billing (payment instructions and reminders, confirmations, deliveries,
 *   renewals, refunds); stopped by 'Order Updates' or the 'Email Notifications' master switch;
 * - marketing: stopped unless 'Marketing Emails' is on (off by default), and by the master switch;
 * - operator: mail for the people who run the shop (operator alerts to each admin, contact-form
 *   messages to the support address); an admin may turn each alert kind off.
 */
export const EMAIL_CLASSES = ['account', 'order', 'marketing', 'operator'] as const;
export type EmailClass = (typeof EMAIL_CLASSES)[number];

/** What admins are alerted about, each once per event. */
export const ALERT_KINDS = [
  'stock_short',
  'delivery_due',
  'refund_requested',
  'manual_order_waiting',
  'renewal_failed',
  'paid_after_end',
  'stripe_sync_failed',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_TEXTS: Record<AlertKind, { label: string; description: string }> = {
  stock_short: {
    label: 'Stock running short',
    description: 'Available panels fall below what the orders waiting for them need.',
  },
  delivery_due: {
    label: 'Delivery deadline near',
    description: 'A paid order is within 1 hour of the 6-hour delivery promise and still missing panels.',
  },
  refund_requested: {
    label: 'Refund requested',
    description: 'A customer asks for the money-back refund.',
  },
  manual_order_waiting: {
    label: 'Bank transfer or crypto order',
    description: 'A new order is waiting for a payment an admin has to confirm by hand.',
  },
  renewal_failed: {
    label: 'Renewal failed',
    description: 'A subscription renewal was not paid and the subscription is past due.',
  },
  paid_after_end: {
    label: 'Payment after the end',
    description:
      'A payment arrived after its order was refunded, its subscription ended or its account was deleted.',
  },
  stripe_sync_failed: {
    label: 'Stripe subscription not updated',
    description:
      'Stripe refused, for a day of retries, a change to which panels of a subscription renew; it is queued again.',
  },
};

/** An admin's alert toggles: true = e-mail me. */
export const alertSettingsSchema = z.strictObject(
  Object.fromEntries(ALERT_KINDS.map((kind) => [kind, z.boolean()])) as Record<AlertKind, z.ZodBoolean>,
);
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** What a one-click link in an e-mail turns off. */
export type EmailPreference = 'orderUpdates' | 'marketingEmails' | `alert:${AlertKind}`;

export function isEmailPreference(value: string): value is EmailPreference {
  if (value === 'orderUpdates' || value === 'marketingEmails') return true;
  return value.startsWith('alert:') && (ALERT_KINDS as readonly string[]).includes(value.slice(6));
}

/** The preference's name as the settings page shows it. */
export function preferenceLabel(preference: EmailPreference): string {
  if (preference === 'orderUpdates') return 'Order Updates';
  if (preference === 'marketingEmails') return 'Marketing Emails';
  return `Operator alerts: ${ALERT_TEXTS[preference.slice(6) as AlertKind].label}`;
}

/** The web page an e-mail's preference link opens; it turns the preference off with one click. */
export const EMAIL_PREFERENCES_PATH = '/email-preferences';

/** A preference link that is altered, forged or whose account is gone. */
export const INVALID_PREFERENCE_LINK =
  'This link is not valid. Sign in and change your email preferences in Settings.';

/** The toast after an admin saves the operator alert toggles. */
export const ALERT_SETTINGS_SAVED = 'Operator alert preferences saved';
