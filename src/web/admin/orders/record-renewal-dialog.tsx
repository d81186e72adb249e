import { type FormEvent, useState } from 'react';
import { formatCents } from '../../../domain/format';
import { formatDate } from '../../lib/dates';
import { dollars } from '../../lib/dollars';
import { useDialogSubmit } from '../../lib/use-dialog-submit';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { type OrderDetail, recordRenewal } from '../api/orders-api';
import { paymentMethodName } from '../shared/labels';
import { useAdminAction } from '../shared/use-admin-action';
import { parseDollars } from './amount';

const nextMonth = (iso: string) => {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString();
};

/**
 * 'Record renewal payment' (D8): a bank transfer or crypto renewal that arrived becomes a new
 * invoice, and the subscription runs a month longer from where its period ends. The amount
 * starts at the order's monthly total; the reference (the bank's, or the transaction hash)
 * goes into the audit log.
 */
export function RecordRenewalDialog({
  detail,
  periodEnd,
  onClose,
}: {
  detail: OrderDetail;
  periodEnd: string;
  onClose: () => void;
}) {
  const { order } = detail;
  const [amount, setAmount] = useState(dollars(order.totalCents));
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const dialog = useDialogSubmit();
  const run = useAdminAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amountCents = parseDollars(amount);
    if (amountCents === null) {
      setAmountError('Enter the amount received in US dollars, such as 500 or 1400.50.');
      return;
    }
    setAmountError(undefined);
    const done = await dialog.submit(() =>
      run(
        () =>
          recordRenewal(order.id, {
            amountCents,
            forPeriodEnd: periodEnd,
            ...(reference.trim() ? { reference: reference.trim() } : {}),
          }),
        {
          success: (result) =>
            result.recorded
              ? {
                  title: 'Renewal recorded',
                  description: `${result.invoice ?? 'The invoice'} for order #${order.id}; active until ${
                    result.periodEnd ? formatDate(result.periodEnd) : 'the new period end'
                  }.`,
                }
              : {
                  title: 'Already recorded',
                  description: 'This renewal was recorded before; nothing changed.',
                },
          failure: 'Could not record the renewal',
        },
      ),
    );
    if (done) onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!dialog.busy}
      title={`Record renewal payment for order #${order.id}`}
      description={`${paymentMethodName(order.paymentMethod)}, ${formatCents(order.totalCents)} / month`}
    >
      <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        {dialog.error && <Alert tone="error">{dialog.error}</Alert>}
        <p>
          Only record money that has arrived, with reference{' '}
          <strong className="text-slate-900 dark:text-white">order {order.id}</strong>. The subscription then
          runs from {formatDate(periodEnd)} to{' '}
          <strong className="text-slate-900 dark:text-white">{formatDate(nextMonth(periodEnd))}</strong>, the
          customer gets an invoice on their Billing page and an e-mail.
        </p>
        <FormField id="renewal-amount" label="Amount received (USD)" error={amountError}>
          {(describedBy) => (
            <Input
              id="renewal-amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={describedBy}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          id="renewal-reference"
          label="Payment reference (optional)"
          hint="The bank's transfer reference or the transaction hash, kept in the order's history."
        >
          {(describedBy) => (
            <Input
              id="renewal-reference"
              value={reference}
              maxLength={200}
              onChange={(e) => setReference(e.target.value)}
              aria-describedby={describedBy}
              autoComplete="off"
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={dialog.busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={dialog.busy}>
            {dialog.busy ? 'Recording...' : 'Record renewal payment'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
