import { useQuery } from '@tanstack/react-query';
import { formatCents } from '../../../domain/format';
import { formatDateTime } from '../../lib/dates';
import { useChoice } from '../../lib/use-choice';
import { useLoadFailureToast } from '../../lib/use-load-failure-toast';
import { useNow } from '../../lib/use-now';
import { cn } from '../../ui/cn';
import { numberColumn } from '../../ui/column-kinds';
import type { ListTexts } from '../../ui/list-body';
import { type FilterOption, SelectFilter } from '../../ui/select-filter';
import { StatusBadge } from '../../ui/status-badge';
import { TableCard } from '../../ui/table-card';
import { type RefundFilter, type RefundRequest, refundsQuery } from '../api/refunds-api';
import { ViewOrderButton } from '../orders/orders-table';
import { QueryColumnList } from '../shared/query-column-list';
import { refundBadge } from './refund-badge';
import { RefundDecision, RetryRefund } from './refund-decision';
import { refundWindowText } from './refund-window';

const TEXTS: ListTexts = {
  loading: 'Loading refund requests',
  failure: 'Failed to load refund requests',
  empty: 'No refund requests.',
};

/** The default view shows only the requests still waiting, so an empty one says so. */
const WAITING_TEXTS: ListTexts = { ...TEXTS, empty: 'No refund requests are waiting.' };

const STATUS_OPTIONS: readonly FilterOption<RefundFilter>[] = [
  { value: 'open', label: 'Waiting or unfinished' },
  { value: 'requested', label: 'Waiting for a decision' },
  { value: 'approving', label: 'Being refunded' },
  { value: 'failed', label: 'Refund failed' },
  { value: 'approved', label: 'Approved' },
  { value: 'denied', label: 'Denied' },
  { value: '', label: 'All requests' },
];

function WindowText({ request, now }: { request: RefundRequest; now: Date }) {
  const { text, open } = refundWindowText(request.paidAt, now);
  return (
    <span
      className={cn(
        'text-xs',
        open ? 'text-slate-500 dark:text-slate-400' : 'text-red-700 dark:text-red-300',
      )}
    >
      {text}
    </span>
  );
}

/** What the admin can do with a request now: decide it, retry its approval, or nothing. */
function Actions({ request }: { request: RefundRequest }) {
  if (request.status === 'requested') return <RefundDecision request={request} />;
  if (request.retryable) return <RetryRefund request={request} />;
  return null;
}

function Outcome({ request }: { request: RefundRequest }) {
  if (request.status === 'requested') return <RefundDecision request={request} />;
  return (
    <div className="space-y-1">
      <StatusBadge badge={refundBadge(request.status)} />
      {request.status === 'approving' && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {request.retryable
            ? 'The last attempt stopped before finishing.'
            : 'The payment provider is refunding.'}
        </p>
      )}
      {request.lastError && request.status !== 'approved' && (
        <p className="text-xs break-words text-red-700 dark:text-red-300">{request.lastError}</p>
      )}
      {request.retryable && <RetryRefund request={request} />}
      {request.decidedAt && (
        <p className="text-xs text-slate-500 dark:text-slate-400">{formatDateTime(request.decidedAt)}</p>
      )}
      {request.decisionNote && (
        <p className="text-xs break-words text-slate-600 dark:text-slate-400">{request.decisionNote}</p>
      )}
    </div>
  );
}

/**
 * The 14-day money-back requests (D8): by default the ones not decided yet, each approved or
 * denied here, and approvals the provider failed, each retried here.
 */
export function RefundsTab({ onOpenOrder }: { onOpenOrder: (id: number) => void }) {
  const status = useChoice<RefundFilter | ''>('open');
  const query = useQuery(refundsQuery(status.value || undefined));
  const now = useNow();
  useLoadFailureToast(query.isError, query.errorUpdatedAt, 'admin-refunds-load', TEXTS.failure);
  const refunds = query.data?.refunds ?? [];

  return (
    <TableCard
      title="Refund requests"
      description="Approving refunds the payment through the provider and revokes the order's panels."
      toolbar={
        <SelectFilter
          choice={status}
          options={STATUS_OPTIONS}
          label="Show refund requests"
          className="sm:w-60"
        />
      }
    >
      <QueryColumnList
        query={query}
        texts={status.value === 'open' || status.value === 'requested' ? WAITING_TEXTS : TEXTS}
        skeletonRows={3}
        label="Refund requests"
        minWidth="min-w-[54rem]"
        rows={refunds}
        columns={[
          {
            header: 'Order',
            className: 'align-top',
            cell: (r) => <ViewOrderButton orderId={r.orderId} onOpen={onOpenOrder} look="link" />,
          },
          {
            header: 'Customer',
            className: 'max-w-56 align-top break-words',
            cell: (r) => r.customerEmail ?? 'Deleted account',
          },
          { ...numberColumn('Amount', 'align-top'), cell: (r) => formatCents(r.totalCents) },
          {
            header: 'Requested',
            className: 'align-top',
            cell: (r) => (
              <>
                <div className="whitespace-nowrap">{formatDateTime(r.createdAt)}</div>
                <WindowText request={r} now={now} />
              </>
            ),
          },
          { header: 'Reason', className: 'max-w-72 align-top break-words', cell: (r) => r.reason },
          { header: 'Decision', className: 'align-top', cell: (r) => <Outcome request={r} /> },
        ]}
        card={(r) => ({
          title: `Order #${r.orderId}`,
          badge: <StatusBadge badge={refundBadge(r.status)} />,
          fields: [
            { label: 'Customer', value: r.customerEmail ?? 'Deleted account', wide: true },
            { label: 'Amount', value: formatCents(r.totalCents) },
            { label: 'Requested', value: formatDateTime(r.createdAt) },
            { label: 'Window', value: <WindowText request={r} now={now} />, wide: true },
            { label: 'Reason', value: r.reason, wide: true },
            ...(r.decisionNote ? [{ label: 'Note', value: r.decisionNote, wide: true }] : []),
            ...(r.lastError && r.status !== 'approved'
              ? [{ label: 'Provider error', value: r.lastError, wide: true }]
              : []),
          ],
          actions: (
            <>
              <Actions request={r} />
              <ViewOrderButton orderId={r.orderId} onOpen={onOpenOrder} />
            </>
          ),
        })}
      />
    </TableCard>
  );
}
