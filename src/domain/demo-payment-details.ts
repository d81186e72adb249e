import type { BankDetails, CryptoWallet } from './payment-details';

/*
 * Demo mode's payment details, used only when the operator configured none, so `npm start`
 * can show both manual methods end to end. They are deliberately unusable: the account
 * number is no valid IBAN and the addresses are no valid Bitcoin or Ethereum addresses, so
 * a payment cannot be sent to them by mistake. Screens and e-mails label them as examples.
 */
export const DEMO_BANK_DETAILS: BankDetails = {
  accountName: 'Example Ltd (demo only, not a real account)',
  accountNumber: 'XX00 EXAMPLE 0000 0000 0000',
  routing: 'EXAMPLEXXX',
  bankName: 'Example Bank (demo)',
};

export const DEMO_CRYPTO_WALLETS: readonly CryptoWallet[] = [
  { currency: 'BTC', network: 'Bitcoin', address: 'bc1q-example-demo-only-not-a-real-address' },
  { currency: 'USDC', network: 'Ethereum', address: '0xEXAMPLE-demo-only-not-a-real-address' },
];
