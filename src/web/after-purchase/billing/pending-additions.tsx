import { useQuery } from '@tanstack/react-query';
import { Banknote } from 'lucide-react';
import { formatCentsExact, plural } from '../../../domain/format';
import { formatDate } from '../../lib/dates';
import { BankDetailRows, PaymentDetail, WalletDetailRows } from '../../ui/payment-detail-rows';
import { type PayablePanelAddition, panelAdditionsQuery } from '../api/panel-additions-api';

/** Where the money of an addition goes: the bank account or the wallets, as the invoice e-mail says. */
function WhereToPay({ addition }: { addition: PayablePanelAddition }) {
  const { bank, wallets, example } = addition;
  if (!bank && wallets.length === 0) {
    return <p>Reply to the invoice e-mail and we send you the payment details.</p>;
  }
  return (
    <>
      {example && (
        <p className="font-medium text-amber-800 dark:text-amber-300">
          Example details for the demo: do not send money to them.
        </p>
      )}
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        <PaymentDetail look="compact" label="Reference" value={addition.reference} copy="payment reference" />
        {bank && <BankDetailRows look="compact" bank={bank} />}
        <WalletDetailRows look="compact" wallets={wallets} />
      </dl>
    </>
  );
}

/**
 * Panels the customer asked to add to this bank transfer or crypto subscription, waiting for the
 * money: the amount, the date to pay by, the reference and where to pay, until an admin records it.
 */
export function PendingAdditions({ orderId }: { orderId: number }) {
  const { data } = useQuery(panelAdditionsQuery());
  const waiting = data?.filter((a) => a.orderId === orderId) ?? [];
  return waiting.map((a) => (
    <section
      key={a.id}
      aria-label={`Added panels waiting for payment, order #${orderId}`}
      className="flex gap-2.5 rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-2.5 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
    >
      <Banknote className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-2">
        <p>
          <strong className="font-semibold text-slate-900 dark:text-white">
            {plural(a.panels, 'panel')} waiting for your payment.
          </strong>{' '}
          {a.method === 'crypto' ? 'Send the equivalent of ' : 'Transfer '}
          <strong className="font-semibold text-slate-900 dark:text-white">
            {formatCentsExact(a.amountCents)}
          </strong>{' '}
          by {formatDate(a.expiresAt)} with the reference below. The panels join this subscription as soon as
          we receive it and renew with it on {formatDate(a.renewsAt)}; unpaid by then, the request lapses and
          nothing is owed.
        </p>
        <WhereToPay addition={a} />
      </div>
    </section>
  ));
}
