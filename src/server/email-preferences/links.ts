import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailPreferencesApi } from '../../domain/api/site-endpoints';
import {
  ALERT_TEXTS,
  EMAIL_PREFERENCES_PATH,
  type EmailPreference,
  isEmailPreference,
} from '../../domain/email-preferences';
import type { EmailMessage } from '../mail/send-email';
import { appendFooter } from '../mail/templates';
import type { EmailPayload } from '../outbox/enqueue';

/** The API address a mail client POSTs to for a one-click unsubscribe (RFC 8058). */
export const UNSUBSCRIBE_API_PATH = emailPreferencesApi.turnOff.path;

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * Signed one-click links to turn one preference off for one person, without signing in
 * (docs/decisions/0008-email-classes-and-operator-alerts.md). A token is the preference and
 * the user id, with an HMAC-SHA256 under a key derived from the session secret. It does not
 * expire: a link in an old e-mail keeps working, and all it can do is turn mail off.
 */
export function createPreferenceLinks(publicUrl: string, sessionSecret: string) {
  const key = createHmac('sha256', sessionSecret).update('panelhub email preference links v1').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();

  function token(userId: string, preference: EmailPreference): string {
    const body = `${preference}|${userId}`;
    return `${base64url(body)}.${base64url(sign(body))}`;
  }

  /** The person and preference a token names, or null for anything not signed by us. */
  function verify(value: string): { userId: string; preference: EmailPreference } | null {
    const [encoded, signature, ...rest] = value.split('.');
    if (!encoded || !signature || rest.length > 0) return null;
    const body = Buffer.from(encoded, 'base64url').toString('utf8');
    const expected = sign(body);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const bar = body.indexOf('|');
    const preference = body.slice(0, bar);
    const userId = body.slice(bar + 1);
    if (bar < 0 || !userId || !isEmailPreference(preference)) return null;
    return { userId, preference };
  }

  const pageUrl = (t: string) => `${publicUrl}${EMAIL_PREFERENCES_PATH}?token=${encodeURIComponent(t)}`;
  const apiUrl = (t: string) => `${publicUrl}${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(t)}`;

  /** What the line under a message says, and which preference its link turns off. */
  function lineFor(payload: Omit<EmailPayload, 'demoHint'>): {
    text: string;
    preference?: EmailPreference;
    label?: string;
  } | null {
    switch (payload.emailClass) {
      case 'account':
        return { text: 'Account and security emails are always sent.' };
      case 'order':
        return {
          text: 'You get this email because Order Updates is on.',
          preference: 'orderUpdates',
          label: 'Turn off order update emails',
        };
      case 'marketing':
        return {
          text: 'You get this email because Marketing Emails is on.',
          preference: 'marketingEmails',
          label: 'Unsubscribe from marketing emails',
        };
      case 'operator':
        return payload.alert
          ? {
              text: `You get this operator alert because "${ALERT_TEXTS[payload.alert].label}" is on in your settings.`,
              preference: `alert:${payload.alert}`,
              label: 'Turn off this kind of alert',
            }
          : null;
      default:
        // A row queued before messages had a class.
        return null;
    }
  }

  /**
   * The stored message as it is sent (the outbox sweep calls this): every message with a
   * class gets a line saying why it came and a link to its preference; mail that a
   * preference covers gets the one-click link and the List-Unsubscribe headers, account
   * mail a link to the settings page (it cannot be turned off). Contact-form messages to
   * the support address get neither.
   */
  function finish(payload: Omit<EmailPayload, 'demoHint'>): EmailMessage {
    const { emailClass: _class, userId, alert: _alert, ...message } = payload;
    const line = lineFor(payload);
    if (!line) return message;
    if (!line.preference || !userId) {
      return appendFooter(message, {
        text: line.text,
        link: { label: 'Your email settings', url: `${publicUrl}/settings` },
      });
    }
    const t = token(userId, line.preference);
    return {
      ...appendFooter(message, {
        text: line.text,
        link: { label: line.label ?? 'Turn off', url: pageUrl(t) },
      }),
      headers: {
        'List-Unsubscribe': `<${apiUrl(t)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  return { token, verify, finish, pageUrl, apiUrl };
}

export type PreferenceLinks = ReturnType<typeof createPreferenceLinks>;
