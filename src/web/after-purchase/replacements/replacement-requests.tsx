import { DELIVERY_HOURS } from '../../../domain/constants';
import { REPLACEMENT_REASON_LABELS } from '../../../domain/replacements';
import { replacementBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { ColumnTable } from '../../ui/column-table';
import { EmailText } from '../../ui/email-text';
import { type FactCard, FactCards } from '../../ui/fact-cards';
import { StatusBadge } from '../../ui/status-badge';
import { TableCard } from '../../ui/table-card';
import { TableOrCards } from '../../ui/table-or-cards';
import { type MyReplacement, useMyReplacements } from '../api/replacements-api';
import { PanelCardTitle } from '../shared/panel-card-title';

/** Where the request stands, in words: waiting, the new panel, or why it was rejected. */
function Outcome({ request }: { request: MyReplacement }) {
  if (request.status === 'replaced') {
    return (
      <span className="break-words">
        Replaced by{' '}
        <span className="font-medium">
          <EmailText email={request.newPanelEmail ?? ''} />
        </span>
        ; its credentials are under Active.
      </span>
    );
  }
  if (request.status === 'rejected') return <span className="break-words">{request.rejectionReason}</span>;
  return (
    <span>
      {request.waitingForStock
        ? 'Approved: a new panel is on its way as soon as stock arrives.'
        : `We are looking into it (answered within ${DELIVERY_HOURS} hours).`}
    </span>
  );
}

const decided = (r: MyReplacement) => (r.decidedAt ? formatDate(r.decidedAt) : '—');

/** A request as a card on a phone. */
const REQUEST_CARD: FactCard<MyReplacement> = {
  title: (r) => <PanelCardTitle email={r.panelEmail} />,
  badge: (r) => <StatusBadge badge={replacementBadge(r.status)} />,
  facts: (r) => [
    { term: 'Problem', value: REPLACEMENT_REASON_LABELS[r.reason], wide: true },
    { term: 'Reported', value: formatDate(r.createdAt) },
    { term: 'Decided', value: decided(r) },
    { term: 'Outcome', value: <Outcome request={r} />, wide: true },
  ],
};

/**
 * The customer's replacement requests (docs/product.md §11), newest first: the panel, what was
 * reported, the status and its outcome (the new panel, or the reason a request was rejected).
 * Shown once there is one.
 */
export function ReplacementRequests() {
  const query = useMyReplacements();
  const requests = query.data?.requests ?? [];
  if (requests.length === 0) return null;
  return (
    <TableCard title="Replacement requests" description="Panels you reported and what became of each report.">
      <TableOrCards
        from="wide"
        table={
          <ColumnTable
            label="Replacement requests"
            minWidth="min-w-[52rem]"
            rows={requests}
            rowKey={(r) => r.id}
            columns={[
              {
                header: 'Panel',
                className: 'max-w-60 font-medium break-words text-slate-900 dark:text-white',
                cell: (r) => <EmailText email={r.panelEmail} />,
              },
              { header: 'Problem', cell: (r) => REPLACEMENT_REASON_LABELS[r.reason] },
              { header: 'Status', cell: (r) => <StatusBadge badge={replacementBadge(r.status)} /> },
              { header: 'Reported', className: 'whitespace-nowrap', cell: (r) => formatDate(r.createdAt) },
              { header: 'Decided', className: 'whitespace-nowrap', cell: (r) => decided(r) },
              { header: 'Outcome', className: 'max-w-72', cell: (r) => <Outcome request={r} /> },
            ]}
          />
        }
        cards={
          <FactCards label="Replacement requests" rows={requests} rowKey={(r) => r.id} card={REQUEST_CARD} />
        }
      />
    </TableCard>
  );
}
