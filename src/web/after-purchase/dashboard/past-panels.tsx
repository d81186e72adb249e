import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { plural } from '../../../domain/format';
import { DASHBOARD_LOAD_FAILED } from '../../../domain/messages';
import { pastPanelBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { usePagedQuery } from '../../lib/use-paged-query';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Cell, DataTable, HeadCell, rowClasses } from '../../ui/data-table';
import { EmailText } from '../../ui/email-text';
import { ListBody, type ListTexts } from '../../ui/list-body';
import { pagerOf } from '../../ui/list-pager';
import { StatusBadge } from '../../ui/status-badge';
import { TableCard } from '../../ui/table-card';
import { TableOrCards } from '../../ui/table-or-cards';
import { type PastPanel, pastPanelsQuery } from '../api/dashboard-api';

const TEXTS: ListTexts = {
  loading: 'Loading your past panels',
  failure: DASHBOARD_LOAD_FAILED,
  empty: 'No past panels.',
};

const term = 'text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400';
const dateOrDash = (iso: string | null) => (iso ? formatDate(iso) : '—');

function PastPanelsTable({ panels }: { panels: readonly PastPanel[] }) {
  return (
    <DataTable label="Past admin panels" minWidth="min-w-[40rem]">
      <thead>
        <tr>
          <HeadCell>Email</HeadCell>
          <HeadCell>Order</HeadCell>
          <HeadCell>Purchase Date</HeadCell>
          <HeadCell>Status</HeadCell>
          <HeadCell>Ended</HeadCell>
        </tr>
      </thead>
      <tbody>
        {panels.map((panel) => (
          <tr key={panel.id} className={rowClasses()}>
            <Cell className="font-medium whitespace-nowrap text-slate-900 dark:text-white">
              {panel.email}
            </Cell>
            <Cell className="whitespace-nowrap">{panel.orderId ? `#${panel.orderId}` : '—'}</Cell>
            <Cell className="whitespace-nowrap">{dateOrDash(panel.purchaseDate)}</Cell>
            <Cell>
              <StatusBadge badge={pastPanelBadge(panel.status)} />
            </Cell>
            <Cell className="whitespace-nowrap">{formatDate(panel.endedAt)}</Cell>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function PastPanelCards({ panels }: { panels: readonly PastPanel[] }) {
  return (
    <ul aria-label="Past admin panels" className="divide-y divide-slate-200 dark:divide-slate-800">
      {panels.map((panel) => (
        <li key={panel.id} className="space-y-3 px-5 py-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 text-sm font-medium text-slate-900 dark:text-white">
              <EmailText email={panel.email} />
            </div>
            <StatusBadge badge={pastPanelBadge(panel.status)} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
            <div>
              <dt className={term}>Ended</dt>
              <dd className="mt-0.5">{formatDate(panel.endedAt)}</dd>
            </div>
            <div>
              <dt className={term}>Order</dt>
              <dd className="mt-0.5">{panel.orderId ? `#${panel.orderId}` : '—'}</dd>
            </div>
            <div>
              <dt className={term}>Purchase Date</dt>
              <dd className="mt-0.5">{dateOrDash(panel.purchaseDate)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The rows, loaded when the section is opened; paged by the server like the active panels. */
function PastPanelsList() {
  const paged = usePagedQuery({}, pastPanelsQuery);
  const { query } = paged;
  const items = query.data?.items ?? [];
  const pager = pagerOf('Past panels', paged);
  return (
    <>
      <ListBody query={query} rows={items} texts={TEXTS} skeletonRows={3}>
        <TableOrCards table={<PastPanelsTable panels={items} />} cards={<PastPanelCards panels={items} />} />
      </ListBody>
      {pager && (
        <div className="border-t border-slate-200 bg-slate-50 px-5 py-3 text-sm sm:px-6 dark:border-slate-800 dark:bg-slate-900/60">
          {pager}
        </div>
      )}
    </>
  );
}

/**
 * Panels that were the customer's: expired at the end of a canceled or unpaid
 * period, or revoked by a refund. Apart from the active ones and closed at first; when opened,
 * each shows its status and the date it ended, and never a password: the panel is no longer
 * theirs, and its credentials are rotated before it is handed out again (D8).
 */
export function PastPanels({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  const bodyId = 'past-panels-list';
  return (
    <TableCard
      title="Past panels"
      level={3}
      description={`${plural(count, 'panel')} that expired, ${count === 1 ? 'was' : 'were'} refunded or ${count === 1 ? 'was' : 'were'} replaced. Their passwords are no longer shown.`}
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOpen((was) => !was)}
          aria-expanded={open}
          aria-controls={bodyId}
        >
          {open ? 'Hide' : 'Show'} past panels
          <ChevronDown
            className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </Button>
      }
    >
      <div id={bodyId} hidden={!open}>
        {open && <PastPanelsList />}
      </div>
    </TableCard>
  );
}
