import { TriangleAlert } from 'lucide-react';
import type { PaymentInstructions } from '../../../domain/payment-details';
import { BankDetailRows, WalletDetailRows } from '../../ui/payment-detail-rows';

const headingClasses = 'text-sm font-semibold text-slate-900 dark:text-white';

/** Demo mode's made-up details must never read as a place to send money. */
function ExampleWarning({ what }: { what: string }) {
  return (
    <div
      role="note"
      className="mb-4 flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Example details for the demo.</strong> They are not {what}: do not
        send money to them.
      </p>
    </div>
  );
}

/** Where the money goes: the bank account, or the wallets with their networks (D6). */
export function PaymentDetails({ instructions }: { instructions: PaymentInstructions }) {
  const { bank, wallets, example } = instructions;
  if (!bank && wallets.length === 0) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Reply to the email we sent you and we send you the payment details.
      </p>
    );
  }
  return (
    <div>
      {example && <ExampleWarning what={bank ? 'a real account' : 'real addresses'} />}
      {bank && <h3 className={headingClasses}>Send to this account</h3>}
      {bank && (
        <dl className="divide-y divide-slate-200 dark:divide-slate-800">
          <BankDetailRows look="roomy" bank={bank} />
        </dl>
      )}
      {wallets.length > 0 && <h3 className={headingClasses}>Send to one of these addresses</h3>}
      {wallets.length > 0 && (
        <dl className="divide-y divide-slate-200 dark:divide-slate-800">
          <WalletDetailRows look="roomy" wallets={wallets} />
        </dl>
      )}
    </div>
  );
}
