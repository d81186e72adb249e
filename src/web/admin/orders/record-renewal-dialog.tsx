import { z } from 'zod';
import { formatCents, plural } from '../../../domain/format';
import { formatDate } from '../../lib/dates';
import { dollars } from '../../lib/dollars';
import { TextField } from '../../ui/text-field';
import { ZodFormDialog } from '../../ui/zod-form-dialog';
import { type OrderDetail, recordRenewal } from '../api/orders-api';
import { paymentMethodName } from '../shared/labels';
import { useAdminActionForm } from '../shared/use-admin-action-form';
import { parseDollars } from './amount';
import { PaymentReferenceField } from './payment-reference-field';

const renewalSchema = z
  .object({
    amount: z
      .string()
      .refine(
        (text) => parseDollars(text) !== null,
        'Enter the amount received in US dollars, such as 500 or 1400.50.',
      ),
    reference: z.string().trim(),
  })
  .transform(({ amount, reference }) => ({ amountCents: parseDollars(amount) ?? 0, reference }));

const nextMonth = (iso: string) => {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString();
};

/**
 * 'Record renewal payment' (D8): a bank transfer or crypto renewal that arrived becomes a new
 * invoice, and the subscription runs a month longer from where its period ends. The amount
 * starts at the price of the panels that renew (canceled ones are not billed); the reference
 * (the bank's, or the transaction hash) goes into the audit log.
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
  const form = useAdminActionForm({
    schema: renewalSchema,
    // A pending late-delivery credit was taken off the renewal invoice the customer paid (§10).
    initialValues: {
      amount: dollars(Math.max(0, detail.renewal.amountCents - detail.pendingCreditCents)),
      reference: '',
    },
    action: ({ amountCents, reference }) =>
      recordRenewal(order.id, { amountCents, forPeriodEnd: periodEnd, ...(reference ? { reference } : {}) }),
    texts: {
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
    onClose,
  });

  return (
    <ZodFormDialog
      form={form}
      title={`Record renewal payment for order #${order.id}`}
      description={`${paymentMethodName(order.paymentMethod)}, ${plural(detail.renewal.panels, 'panel')} renewing for ${formatCents(detail.renewal.amountCents)} / month${
        detail.pendingCreditCents > 0
          ? `, less a ${formatCents(detail.pendingCreditCents)} late-delivery credit`
          : ''
      }`}
      confirm={{ label: 'Record renewal payment', busyLabel: 'Recording...' }}
    >
      <p>
        Only record money that has arrived, with reference{' '}
        <strong className="text-slate-900 dark:text-white">order {order.id}</strong>. The subscription then
        runs from {formatDate(periodEnd)} to{' '}
        <strong className="text-slate-900 dark:text-white">{formatDate(nextMonth(periodEnd))}</strong>, the
        customer gets an invoice on their Billing page and an e-mail.
      </p>
      <TextField
        id="renewal-amount"
        label="Amount received (USD)"
        inputMode="decimal"
        autoComplete="off"
        {...form.bind('amount')}
      />
      <PaymentReferenceField id="renewal-reference" {...form.bind('reference')} />
    </ZodFormDialog>
  );
}
