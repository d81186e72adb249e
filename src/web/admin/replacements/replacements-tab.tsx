import { useQuery } from '@tanstack/react-query';
import { REPLACEMENT_REASON_LABELS } from '../../../domain/replacements';
import { type ReplacementRequestStatus, replacementBadge } from '../../../domain/status';
import { formatDateTime } from '../../lib/dates';
import { useChoice } from '../../lib/use-choice';
import { useLoadFailureToast } from '../../lib/use-load-failure-toast';
import { useNow } from '../../lib/use-now';
import { EmailText } from '../../ui/email-text';
import type { ListTexts } from '../../ui/list-body';
import { SelectFilter, type SelectOption } from '../../ui/select-filter';
import { StatusBadge } from '../../ui/status-badge';
import { TableCard } from '../../ui/table-card';
import { type AdminReplacement, replacementsQuery } from '../api/replacements-api';
import { PromiseClock } from '../fulfillment/promise-clock';
import { ViewOrderButton } from '../orders/orders-table';
import { QueryColumnList } from '../shared/query-column-list';
import { replacementDeadline } from './replacement-clock';
import { ReplacementDecision } from './replacement-decision';

const TEXTS: ListTexts = {
  loading: 'Loading replacement requests',
  failure: 'Failed to load replacement requests',
  empty: 'No replacement requests.',
};
const OPEN_TEXTS: ListTexts = { ...TEXTS, empty: 'No reported panels are waiting.' };

const STATUS_OPTIONS: readonly SelectOption<ReplacementRequestStatus>[] = [
  { value: 'open', label: 'Open (oldest first)' },
  { value: 'replaced', label: 'Replaced' },
  { value: 'rejected', label: 'Rejected' },
];

function Reported({ request, now }: { request: AdminReplacement; now: Date }) {
  return (
    <>
      <div className="whitespace-nowrap">{formatDateTime(request.createdAt)}</div>
      {request.status === 'open' && (
        <PromiseClock deadline={replacementDeadline(request.createdAt)} now={now} className="text-xs" />
      )}
    </>
  );
}

function Problem({ request }: { request: AdminReplacement }) {
  return (
    <>
      <div className="font-medium text-slate-900 dark:text-white">
        {REPLACEMENT_REASON_LABELS[request.reason]}
      </div>
      {request.note && (
        <p className="text-xs break-words text-slate-600 dark:text-slate-400">{request.note}</p>
      )}
    </>
  );
}

/** Where the request stands: the decision buttons, waiting for stock, or how it ended. */
function Outcome({ request }: { request: AdminReplacement }) {
  if (request.status === 'open') {
    return (
      <div className="space-y-1">
        {request.waitingForStock && (
          <p className="text-xs font-medium text-amber-800 dark:text-amber-300">
            Approved; waiting for stock (filled automatically)
          </p>
        )}
        <ReplacementDecision request={request} />
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <StatusBadge badge={replacementBadge(request.status)} />
      {request.decidedAt && (
        <p className="text-xs text-slate-500 dark:text-slate-400">{formatDateTime(request.decidedAt)}</p>
      )}
      {request.newPanelEmail && (
        <p className="text-xs break-words text-slate-600 dark:text-slate-400">New: {request.newPanelEmail}</p>
      )}
      {request.rejectionReason && (
        <p className="text-xs break-words text-slate-600 dark:text-slate-400">{request.rejectionReason}</p>
      )}
    </div>
  );
}

/**
 * Reported panels (docs/product.md §11): open ones oldest first with the 6-hour clock, each
 * replaced from stock or rejected with a reason; the decided ones by status.
 */
export function ReplacementsTab({ onOpenOrder }: { onOpenOrder: (id: number) => void }) {
  const status = useChoice<ReplacementRequestStatus>('open');
  const query = useQuery(replacementsQuery(status.value));
  const now = useNow();
  useLoadFailureToast(query.isError, query.errorUpdatedAt, 'admin-replacements-load', TEXTS.failure);
  const requests = query.data?.requests ?? [];

  return (
    <TableCard
      title="Replacement requests"
      description="Replacing gives the order the oldest panel in stock and retires the reported one; the customer is e-mailed."
      toolbar={
        <SelectFilter
          choice={status}
          options={STATUS_OPTIONS}
          label="Show replacement requests"
          className="sm:w-60"
        />
      }
    >
      <QueryColumnList
        query={query}
        texts={status.value === 'open' ? OPEN_TEXTS : TEXTS}
        skeletonRows={3}
        label="Replacement requests"
        minWidth="min-w-[56rem]"
        rows={requests}
        columns={[
          { header: 'Reported', className: 'align-top', cell: (r) => <Reported request={r} now={now} /> },
          {
            header: 'Customer',
            className: 'max-w-56 align-top break-words',
            cell: (r) => (r.customerEmail ? <EmailText email={r.customerEmail} /> : 'Deleted account'),
          },
          {
            header: 'Panel',
            className: 'max-w-56 align-top break-words',
            cell: (r) => (
              <>
                <div>
                  <EmailText email={r.panelEmail} />
                </div>
                <ViewOrderButton orderId={r.orderId} onOpen={onOpenOrder} look="link" />
              </>
            ),
          },
          { header: 'Problem', className: 'max-w-72 align-top', cell: (r) => <Problem request={r} /> },
          { header: 'Decision', className: 'align-top', cell: (r) => <Outcome request={r} /> },
        ]}
        card={(r) => ({
          title: `Order #${r.orderId}`,
          badge: <StatusBadge badge={replacementBadge(r.status)} />,
          fields: [
            { label: 'Panel', value: <EmailText email={r.panelEmail} />, wide: true },
            { label: 'Customer', value: r.customerEmail ?? 'Deleted account', wide: true },
            { label: 'Reported', value: <Reported request={r} now={now} />, wide: true },
            { label: 'Problem', value: <Problem request={r} />, wide: true },
            ...(r.newPanelEmail ? [{ label: 'New panel', value: r.newPanelEmail, wide: true }] : []),
            ...(r.rejectionReason
              ? [{ label: 'Rejected because', value: r.rejectionReason, wide: true }]
              : []),
          ],
          actions: (
            <>
              {r.status === 'open' && <Outcome request={r} />}
              <ViewOrderButton orderId={r.orderId} onOpen={onOpenOrder} />
            </>
          ),
        })}
      />
    </TableCard>
  );
}
