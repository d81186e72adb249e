import type { BankDetails, CryptoWallet } from '../../domain/payment-details';
import { CopyButton } from './copy-button';

/**
 * The two looks of a payment detail: 'roomy' on the checkout's payment page, where each value
 * may take its own line on a phone, and 'compact' inside a billing card.
 */
const LOOKS = {
  roomy: {
    row: 'py-3',
    value: 'mt-0.5 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between',
    text: 'min-w-0 font-mono text-sm break-all text-slate-900 dark:text-white',
  },
  compact: {
    row: 'py-1.5',
    value: 'mt-0.5 flex flex-wrap items-center justify-between gap-2',
    text: 'font-mono text-sm break-all text-slate-900 dark:text-white',
  },
};

type Look = keyof typeof LOOKS;

/** One item of a <dl> of payment details, with a copy button when `copy` names what it copies. */
export function PaymentDetail({
  label,
  value,
  copy,
  look,
}: {
  label: string;
  value: string;
  copy?: string;
  look: Look;
}) {
  const classes = LOOKS[look];
  // A dl item holds only its dt and dd; the copy button lives inside the dd.
  return (
    <div className={classes.row}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className={classes.value}>
        <span className={classes.text}>{value}</span>
        {copy && <CopyButton text={value} label={`Copy ${copy}`} copiedMessage={`${label} copied`} />}
      </dd>
    </div>
  );
}

/** The bank account to send a transfer to, the numbers to copy. */
export function BankDetailRows({ bank, look }: { bank: BankDetails; look: Look }) {
  return (
    <>
      <PaymentDetail look={look} label="Account name" value={bank.accountName} />
      <PaymentDetail
        look={look}
        label="IBAN / account number"
        value={bank.accountNumber}
        copy="account number"
      />
      {bank.routing && (
        <PaymentDetail look={look} label="SWIFT / routing" value={bank.routing} copy="SWIFT / routing" />
      )}
      {bank.bankName && <PaymentDetail look={look} label="Bank" value={bank.bankName} />}
    </>
  );
}

/** The wallets a crypto payment may go to, each address with its currency and network. */
export function WalletDetailRows({ wallets, look }: { wallets: readonly CryptoWallet[]; look: Look }) {
  return wallets.map((wallet) => (
    <PaymentDetail
      key={`${wallet.currency}-${wallet.network}-${wallet.address}`}
      look={look}
      label={`${wallet.currency} on ${wallet.network}`}
      value={wallet.address}
      copy={`${wallet.currency} address`}
    />
  ));
}
