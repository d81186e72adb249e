import { randomBytes } from 'node:crypto';

/**
 * Endpoint secrets follow Standard Webhooks (docs/decisions/0012-webhooks.md): `whsec_` and
 * the base64 of the key bytes. Receivers hand the whole string to their verifier, which strips
 * the prefix and decodes the rest, so the HMAC key is the decoded bytes, never the text.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** 32 bytes, the HMAC-SHA256 block of entropy; Standard Webhooks accepts 24 to 64. */
const SECRET_BYTES = 32;
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * The HMAC key behind a secret. Throws on anything that is not a well-formed `whsec_` secret:
 * node's base64 decoder skips characters it does not know, so a damaged stored value would
 * otherwise sign with a different key and every delivery would fail verification silently.
 */
export function webhookSecretKey(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('Not a webhook secret (whsec_...).');
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  const key = Buffer.from(encoded, 'base64');
  if (key.toString('base64') !== encoded) throw new Error('Webhook secret is not valid base64.');
  if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) {
    throw new Error(`Webhook secret key must be ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} bytes.`);
  }
  return key;
}
