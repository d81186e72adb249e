import { Clock, TriangleAlert } from 'lucide-react';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../ui/cn';
import { Cell, DataTable, HeadCell } from '../../ui/data-table';
import type { QueueEntry } from '../api/fulfillment-api';
import { ViewOrderButton } from '../orders/orders-table';
import { planName } from '../shared/labels';
import { MobileCard, MobileCards } from '../shared/mobile-cards';
import { promiseTime } from './promise-time';

function PromiseCell({ entry, now }: { entry: QueueEntry; now: Date }) {
  const { text, breached } = promiseTime(entry.deadline, now);
  const Icon = breached ? TriangleAlert : Clock;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 font-medium whitespace-nowrap',
        breached ? 'text-red-700 dark:text-red-300' : 'text-slate-700 dark:text-slate-200',
      )}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {text}
    </span>
  );
}

const customerText = (entry: QueueEntry) => entry.customer?.email ?? 'Deleted account';

const isBreached = (entry: QueueEntry, now: Date) => promiseTime(entry.deadline, now).breached;

const breachedRow = 'bg-red-50 dark:bg-red-950/40';

export function QueueTable({
  entries,
  now,
  onOpenOrder,
}: {
  entries: readonly QueueEntry[];
  now: Date;
  onOpenOrder: (id: number) => void;
}) {
  return (
    <div className="hidden md:block">
      <DataTable label="Fulfillment queue" minWidth="min-w-[50rem]">
        <thead>
          <tr>
            <HeadCell>Order</HeadCell>
            <HeadCell>Customer</HeadCell>
            <HeadCell>Plan</HeadCell>
            <HeadCell className="text-right">Delivered</HeadCell>
            <HeadCell className="text-right">Missing</HeadCell>
            <HeadCell>Paid</HeadCell>
            <HeadCell>Promise</HeadCell>
            <HeadCell>
              <span className="sr-only">Details</span>
            </HeadCell>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.orderId} className={cn(isBreached(entry, now) && breachedRow)}>
              <Cell className="font-medium text-slate-900 dark:text-white">#{entry.orderId}</Cell>
              <Cell className="max-w-64 break-words">{customerText(entry)}</Cell>
              <Cell>{planName(entry.planId)}</Cell>
              <Cell className="text-right tabular-nums">
                {entry.delivered} of {entry.quantity}
              </Cell>
              <Cell className="text-right font-semibold tabular-nums text-slate-900 dark:text-white">
                {entry.missing}
              </Cell>
              <Cell className="whitespace-nowrap">{formatDateTime(entry.paidAt)}</Cell>
              <Cell>
                <PromiseCell entry={entry} now={now} />
              </Cell>
              <Cell className="text-right">
                <ViewOrderButton orderId={entry.orderId} onOpen={onOpenOrder} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}

export function QueueCards({
  entries,
  now,
  onOpenOrder,
}: {
  entries: readonly QueueEntry[];
  now: Date;
  onOpenOrder: (id: number) => void;
}) {
  return (
    <MobileCards label="Fulfillment queue">
      {entries.map((entry) => (
        <MobileCard
          key={entry.orderId}
          tone={isBreached(entry, now) ? 'danger' : 'default'}
          title={`Order #${entry.orderId}`}
          badge={<PromiseCell entry={entry} now={now} />}
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
