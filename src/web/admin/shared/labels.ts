import { getPlan, isPlanId } from '../../../domain/plans';

/** 'Pro' for 'pro'; an unknown id (a retired plan) is shown as stored. */
export function planName(planId: string): string {
  return isPlanId(planId) ? getPlan(planId).name : planId;
}

const METHODS: Record<string, string> = {
  card: 'Card',
  sandbox: 'Sandbox (test)',
  bank_transfer: 'Bank transfer',
  crypto: 'Crypto',
};

const PROVIDERS: Record<string, string> = { sandbox: 'sandbox, test mode', stripe: 'Stripe' };

/** 'Bank transfer'; a card order also says who took the card ('Card (Stripe)'). */
export function paymentMethodName(method: string, provider?: string): string {
  const name = METHODS[method] ?? method;
  const via = provider && method === 'card' ? PROVIDERS[provider] : undefined;
  return via ? `${name} (${via})` : name;
}

/** Bank transfer and crypto are paid outside the app; an admin confirms them by hand (D6). */
export function isManualMethod(method: string): boolean {
  return method === 'bank_transfer' || method === 'crypto';
}

/** 'User #1a2b...': the documented User column, naming the account by its id. */
export function userLabel(id: string): string {
  return `User #${id}`;
}
