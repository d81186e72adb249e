import { createHmac } from 'node:crypto';
import { webhookSecretKey } from './secret';

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export interface SignInput {
  /** Stable across retries of one message: receivers deduplicate on it. */
  id: string;
  /** When this attempt is sent; receivers refuse a timestamp far from their clock (replays). */
  timestamp: Date;
  /** The exact body sent: the signature covers these characters, not a re-serialisation. */
  body: string;
  /**
   * The endpoint's secret, or several while a secret is being rotated: the header then holds
   * one signature per secret and a receiver that knows either one accepts the message.
   */
  secret: string | readonly string[];
}

// The signed content is `id.timestamp.body`; a dot inside the id would let two different
// (id, timestamp) pairs sign the same bytes, so ids are kept to a plain alphabet.
const ID_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;

/** The three Standard Webhooks headers for one delivery attempt (docs/decisions/0012-webhooks.md). */
export function signWebhook({ id, timestamp, body, secret }: SignInput): WebhookHeaders {
  if (!ID_PATTERN.test(id)) throw new Error('Webhook message id must be 1-256 letters, digits, _ or -.');
  const seconds = Math.floor(timestamp.getTime() / 1000);
  if (!Number.isSafeInteger(seconds)) throw new Error('Webhook timestamp is not a valid date.');
  const content = `${id}.${seconds}.${body}`;
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new Error('At least one webhook secret is needed to sign.');
  const signatures = secrets.map(
    (s) => `v1,${createHmac('sha256', webhookSecretKey(s)).update(content, 'utf8').digest('base64')}`,
  );
  return {
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': signatures.join(' '),
  };
}
