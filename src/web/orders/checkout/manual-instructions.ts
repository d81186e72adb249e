import type { CheckoutMethod } from '../../../domain/pricing';

export type ManualMethod = Exclude<CheckoutMethod, 'card'>;

export function isManualMethod(method: string): method is ManualMethod {
  return method === 'bank_transfer' || method === 'crypto';
}

/** Method-specific steps; the same guidance the server e-mails (provisioning/emails.ts). */
export const MANUAL_INSTRUCTIONS: Record<ManualMethod, { title: string; steps: readonly string[] }> = {
  bank_transfer: {
    title: 'Pay by bank transfer',
    steps: [
      'Reply to the email we sent you if you do not have our bank details yet.',
      'Transfer the exact amount in US dollars.',
      'Put the reference in the payment description so we can match your transfer.',
    ],
  },
  crypto: {
    title: 'Pay with cryptocurrency',
    steps: [
      'Reply to the email we sent you: we send the wallet address and the exact amount at today’s rate.',
      'Pay in Bitcoin, Ethereum or another cryptocurrency we accept.',
      'Mention the reference in your reply so we can match your payment.',
    ],
  },
};
