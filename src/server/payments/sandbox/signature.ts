import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs sandbox events the way Stripe signs webhooks (`t=<unix>,v1=<hmac>` over
 * `<t>.<body>`), so the sandbox exercises the same verification the real provider needs.
 */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export class SignatureError extends Error {
  override name = 'SignatureError';
}

export function verifySignature(
  payload: string,
  header: string | undefined,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new SignatureError('Missing signature.');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(timestamp) || !given) throw new SignatureError('Malformed signature.');
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw new SignatureError('Signature timestamp is too old.');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest();
  const actual = Buffer.from(given, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new SignatureError('Signature does not match.');
  }
}
