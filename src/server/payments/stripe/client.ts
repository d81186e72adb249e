import type Stripe from 'stripe';

export interface StripeSettings {
  secretKey: string;
  /** A local stand-in for the Stripe API (tests); unset in production. */
  apiUrl?: string | undefined;
}

/** The SDK is loaded only when Stripe is configured: ~20 MB a sandbox or bank-only shop never uses. */
export async function createStripeClient({ secretKey, apiUrl }: StripeSettings): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
  });
}
