import { formatDateTime } from '../../lib/dates';
import { cn } from '../../ui/cn';
import { buttonsColumn, numberColumn } from '../../ui/column-kinds';
import { ColumnTable } from '../../ui/column-table';
import { TableOrCards } from '../../ui/table-or-cards';
import type { QueueEntry } from '../api/fulfillment-api';
import { ViewOrderButton } from '../orders/orders-table';
import { planName } from '../shared/labels';
import { MobileCard, MobileCards } from '../shared/mobile-cards';
import { PromiseClock } from './promise-clock';
import { promiseTime } from './promise-time';

const customerText = (entry: QueueEntry) => entry.customer?.email ?? 'Deleted account';

const isBreached = (entry: QueueEntry, now: Date) => promiseTime(entry.deadline, now).breached;

const breachedRow = 'bg-red-50 dark:bg-red-950/40';

/** What the queue's table and its cards both receive. */
interface QueueListProps {
  entries: readonly QueueEntry[];
  now: Date;
  onOpenOrder: (id: number) => void;
}

function QueueTable({ entries, now, onOpenOrder }: QueueListProps) {
  return (
    <ColumnTable
      label="Fulfillment queue"
      minWidth="min-w-[50rem]"
      rows={entries}
      rowKey={(entry) => entry.orderId}
      // No hover: a late row keeps its red, and no row here is picked.
      rowClassName={(entry) => cn(isBreached(entry, now) && breachedRow)}
      columns={[
        {
          header: 'Order',
          className: 'font-medium text-slate-900 dark:text-white',
          cell: (entry) => `#${entry.orderId}`,
        },
        { header: 'Customer', className: 'max-w-64 break-words', cell: customerText },
        { header: 'Plan', cell: (entry) => planName(entry.planId) },
        { ...numberColumn('Delivered'), cell: (entry) => `${entry.delivered} of ${entry.quantity}` },
        {
          ...numberColumn('Missing', 'font-semibold text-slate-900 dark:text-white'),
          cell: (entry) => entry.missing,
        },
        { header: 'Paid', className: 'whitespace-nowrap', cell: (entry) => formatDateTime(entry.paidAt) },
        { header: 'Promise', cell: (entry) => <PromiseClock deadline={entry.deadline} now={now} /> },
        {
          ...buttonsColumn('Details'),
          cell: (entry) => <ViewOrderButton orderId={entry.orderId} onOpen={onOpenOrder} />,
        },
      ]}
    />
  );
}

function QueueCards({ entries, now, onOpenOrder }: QueueListProps) {
  return (
    <MobileCards label="Fulfillment queue">
      {entries.map((entry) => (
        <MobileCard
          key={entry.orderId}
          tone={isBreached(entry, now) ? 'danger' : 'default'}
          title={`Order #${entry.orderId}`}
          badge={<PromiseClock deadline={entry.deadline} now={now} />}
          fields={[
            { label: 'Customer', value: customerText(entry), wide: true },
            { label: 'Plan', value: planName(entry.planId) },
            { label: 'Missing', value: `${entry.missing} of ${entry.quantity}` },
            { label: 'Paid', value: formatDateTime(entry.paidAt), wide: true },
          ]}
          actions={<ViewOrderButton orderId={entry.orderId} onOpen={onOpenOrder} />}
        />
      ))}
    </MobileCards>
  );
}

/** The queue as a table where its box is wide enough, as cards below that. */
export function QueueRows(props: QueueListProps) {
  return <TableOrCards from="wide" table={<QueueTable {...props} />} cards={<QueueCards {...props} />} />;
}
