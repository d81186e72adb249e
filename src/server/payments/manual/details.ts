import type { BankDetails, CryptoWallet, ManualMethod } from '../../../domain/payment-details';
import type { Config } from '../../config';

const DAY_MS = 86_400_000;

export interface MethodDetails {
  bank: BankDetails | null;
  wallets: CryptoWallet[];
  /** Demo mode's made-up details (src/domain/demo-payment-details.ts), to be labelled wherever shown. */
  example: boolean;
}

/** Where a customer pays by this method: the bank account, or the wallets (D6). */
export function detailsFor(config: Config, method: ManualMethod): MethodDetails {
  const { bank, wallets, example } = config.manualPayments;
  return method === 'bank_transfer'
    ? { bank, wallets: [], example: example.bank }
    : { bank: null, wallets, example: example.wallets };
}

/** The end of a bank transfer or crypto order's payment window (MANUAL_PAYMENT_DAYS). */
export function paymentDeadline(config: Config, createdAt: Date): Date {
  return new Date(createdAt.getTime() + config.manualPayments.paymentDays * DAY_MS);
}
