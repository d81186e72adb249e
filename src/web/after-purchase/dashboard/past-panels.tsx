import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { plural } from '../../../domain/format';
import { DASHBOARD_LOAD_FAILED } from '../../../domain/messages';
import { pastPanelBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { usePagedQuery } from '../../lib/use-paged-query';
import { Button } from '../../ui/button';
import { CardFooter } from '../../ui/card';
import { cn } from '../../ui/cn';
import { Cell, DataTable, HeadCell, rowClasses } from '../../ui/data-table';
import { type FactCard, FactCards } from '../../ui/fact-cards';
import { ListBody, type ListTexts } from '../../ui/list-body';
import { pagerOf } from '../../ui/list-pager';
import { StatusBadge } from '../../ui/status-badge';
import { TableCard } from '../../ui/table-card';
import { TableOrCards } from '../../ui/table-or-cards';
import { type PastPanel, pastPanelsQuery } from '../api/dashboard-api';
import { PanelCardTitle } from '../shared/panel-card-title';

const TEXTS: ListTexts = {
  loading: 'Loading your past panels',
  failure: DASHBOARD_LOAD_FAILED,
  empty: 'No past panels.',
};

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

/** A past panel as a card on a phone. */
const PAST_PANEL_CARD: FactCard<PastPanel> = {
  title: (panel) => <PanelCardTitle email={panel.email} />,
  badge: (panel) => <StatusBadge badge={pastPanelBadge(panel.status)} />,
  facts: (panel) => [
    { term: 'Ended', value: formatDate(panel.endedAt) },
    { term: 'Order', value: panel.orderId ? `#${panel.orderId}` : '—' },
    { term: 'Purchase Date', value: dateOrDash(panel.purchaseDate) },
  ],
};

/** The rows, loaded when the section is opened; paged by the server like the active panels. */
function PastPanelsList() {
  const paged = usePagedQuery({}, pastPanelsQuery);
  const { query } = paged;
  const items = query.data?.items ?? [];
  const pager = pagerOf('Past panels', paged);
  return (
    <>
      <ListBody query={query} rows={items} texts={TEXTS} skeletonRows={3}>
        <TableOrCards
          table={<PastPanelsTable panels={items} />}
          cards={
            <FactCards
              label="Past admin panels"
              rows={items}
              rowKey={(panel) => panel.id}
              card={PAST_PANEL_CARD}
            />
          }
        />
      </ListBody>
      {pager && <CardFooter className="text-sm">{pager}</CardFooter>}
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
