import type { ManualMethod } from '../../../domain/payment-details';

export type { ManualMethod };

/** Method-specific steps; the e-mails say the same (server/payments/manual/details-text.ts). */
export const MANUAL_INSTRUCTIONS: Record<ManualMethod, { title: string; steps: readonly string[] }> = {
  bank_transfer: {
    title: 'Pay by bank transfer',
    steps: [
      'Transfer the exact amount in US dollars to the account below.',
      'Put the reference in the payment description so we can match your transfer.',
      'Bank transfers can take a few working days to arrive: send yours a few days before the date above.',
    ],
  },
  crypto: {
    title: 'Pay with cryptocurrency',
    steps: [
      'Send the equivalent of the amount at the current rate to one of the addresses below.',
      'Use the network named beside the address: a payment sent on another network is lost.',
      'Reply to our email with the transaction id and the reference so we can match your payment.',
    ],
  },
};
