import { PANEL_EMAIL_PENDING, PANEL_PASSWORD_PENDING } from '../../../domain/messages';
import { panelBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { Cell, DataTable, HeadCell, rowClasses } from '../../ui/data-table';
import { StatusBadge } from '../../ui/status-badge';
import { ProcessingOrderLine, ShowMoreButton } from './processing-order-line';
import type { ProcessingGroup } from './processing-rows';

const COLUMNS = 4;

export interface ProcessingViewProps {
  groups: readonly ProcessingGroup[];
  now: Date;
  onShowAll: (orderId: number) => void;
}

/** Waiting panels as the documented table (from the sm breakpoint up), one row group per order. */
export function ProcessingTable({ groups, now, onShowAll }: ProcessingViewProps) {
  const badge = panelBadge('processing');
  return (
    <DataTable label="Panels being processed" minWidth="min-w-[38rem]">
      <thead>
        <tr>
          <HeadCell>Status</HeadCell>
          <HeadCell>Admin Email</HeadCell>
          <HeadCell>Password</HeadCell>
          <HeadCell>Order Date</HeadCell>
        </tr>
      </thead>
      {groups.map((group) => (
        <tbody key={group.orderId}>
          <tr>
            <th
              scope="rowgroup"
              colSpan={COLUMNS}
              className="border-b border-slate-200 bg-slate-50/70 px-5 py-2.5 sm:px-6 text-left font-normal dark:border-slate-800 dark:bg-slate-900/40"
            >
              <ProcessingOrderLine group={group} now={now} />
            </th>
          </tr>
          {group.rowKeys.map((key) => (
            <tr key={key} className={rowClasses()}>
              <Cell>
                <StatusBadge badge={badge} />
              </Cell>
              <Cell className="text-slate-500 italic dark:text-slate-400">{PANEL_EMAIL_PENDING}</Cell>
              <Cell className="text-slate-500 dark:text-slate-400">{PANEL_PASSWORD_PENDING}</Cell>
              <Cell className="whitespace-nowrap">{formatDate(group.orderDate)}</Cell>
            </tr>
          ))}
          {group.hiddenRows > 0 && (
            <tr>
              <Cell colSpan={COLUMNS} className="py-2">
                <ShowMoreButton group={group} onClick={() => onShowAll(group.orderId)} />
              </Cell>
            </tr>
          )}
        </tbody>
      ))}
    </DataTable>
  );
}
