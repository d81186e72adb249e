import { FileDown } from 'lucide-react';
import { formatCents } from '../../../domain/format';
import { paymentBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { Checkbox } from '../../ui/checkbox';
import { Cell, DataTable, HeadCell, rowClasses } from '../../ui/data-table';
import { RecordCards } from '../../ui/record-cards';
import { StatusBadge } from '../../ui/status-badge';
import { TableOrCards } from '../../ui/table-or-cards';
import { invoicePdfPath, type PaymentRecord } from '../api/billing-api';
import { creditNotePdfPath } from '../api/billing-profile-api';
import type { Selection } from '../shared/use-selection';

interface ListProps {
  payments: readonly PaymentRecord[];
  selection: Selection;
}

const linkClasses =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-indigo-300 dark:hover:bg-slate-800';

/** The invoice as a PDF: same-origin, so the session cookie goes along and the server sends an attachment. */
function InvoiceLink({ payment, className }: { payment: PaymentRecord; className?: string }) {
  return (
    <a
      href={invoicePdfPath(payment.id)}
      download
      className={className ? `${linkClasses} ${className}` : linkClasses}
      aria-label={`Download invoice ${payment.invoice} (PDF)`}
    >
      <FileDown className="h-4 w-4" aria-hidden="true" />
      PDF
    </a>
  );
}

/** A refunded payment's credit note (docs/decisions/0013), beside its invoice. */
function CreditNoteLink({ payment, className }: { payment: PaymentRecord; className?: string }) {
  if (!payment.creditNote) return null;
  return (
    <a
      href={creditNotePdfPath(payment.creditNote.id)}
      download
      className={className ? `${linkClasses} ${className}` : linkClasses}
      aria-label={`Download credit note ${payment.creditNote.label} for ${payment.invoice} (PDF)`}
    >
      <FileDown className="h-4 w-4" aria-hidden="true" />
      {payment.creditNote.label}
    </a>
  );
}

function HistoryTable({ payments, selection }: ListProps) {
  return (
    <DataTable label="Purchase history" minWidth="min-w-[40rem]">
      <thead>
        <tr>
          <HeadCell className="w-12">
            <Checkbox
              aria-label="Select all invoices"
              checked={selection.allState === 'all'}
              indeterminate={selection.allState === 'some'}
              onChange={selection.toggleAll}
            />
          </HeadCell>
          <HeadCell>Invoice</HeadCell>
          <HeadCell>Date</HeadCell>
          <HeadCell className="text-right">Items</HeadCell>
          <HeadCell className="text-right">Total</HeadCell>
          <HeadCell>Status</HeadCell>
          <HeadCell>
            <span className="sr-only">Invoice PDF</span>
          </HeadCell>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => {
          const selected = selection.has(payment.id);
          return (
            <tr key={payment.id} className={rowClasses(selected)}>
              <Cell>
                <Checkbox
                  aria-label={`Select ${payment.invoice}`}
                  checked={selected}
                  onChange={() => selection.toggle(payment.id)}
                />
              </Cell>
              <Cell className="font-medium whitespace-nowrap text-slate-900 dark:text-white">
                {payment.invoice}
              </Cell>
              <Cell className="whitespace-nowrap">{formatDate(payment.date)}</Cell>
              <Cell className="text-right tabular-nums">{payment.items}</Cell>
              <Cell className="text-right tabular-nums">{formatCents(payment.amountCents)}</Cell>
              <Cell>
                <StatusBadge badge={paymentBadge(payment.status)} />
              </Cell>
              <Cell className="text-right whitespace-nowrap">
                <CreditNoteLink payment={payment} />
                <InvoiceLink payment={payment} />
              </Cell>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

function HistoryCards({ payments, selection }: ListProps) {
  return (
    <RecordCards
      label="Purchase history"
      selectAll={{
        label: 'Select all invoices',
        checked: selection.allState === 'all',
        indeterminate: selection.allState === 'some',
        onChange: selection.toggleAll,
      }}
      items={payments.map((payment) => ({
        key: payment.id,
        title: payment.invoice,
        badge: <StatusBadge badge={paymentBadge(payment.status)} />,
        selectLabel: `Select ${payment.invoice}`,
        selected: selection.has(payment.id),
        onToggle: () => selection.toggle(payment.id),
        fields: [
          { label: 'Date', value: formatDate(payment.date) },
          { label: 'Items', value: payment.items },
          { label: 'Total', value: formatCents(payment.amountCents) },
        ],
        action: (
          <span className="flex flex-wrap gap-1">
            <InvoiceLink payment={payment} className="-ml-2" />
            <CreditNoteLink payment={payment} />
          </span>
        ),
      }))}
    />
  );
}

/** Payments as a table from the sm breakpoint up, as cards on a phone. */
export function PurchaseHistoryList(props: ListProps) {
  return <TableOrCards table={<HistoryTable {...props} />} cards={<HistoryCards {...props} />} />;
}
