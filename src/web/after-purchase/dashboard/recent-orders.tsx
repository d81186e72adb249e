import { useMemo } from 'react';
import { DASHBOARD_ORDERS_COLUMNS, exportFileName } from '../../../domain/csv';
import {
  exportSuccessDescription,
  NO_ORDERS_SELECTED,
  NO_ORDERS_SELECTED_DESCRIPTION,
  NO_ORDERS_YET,
} from '../../../domain/messages';
import type { MyOrder } from '../../lib/api-clients/my-orders-api';
import { useCsvExport } from '../../lib/use-csv-export';
import { ExportSelectionButton } from '../../ui/export-selection-button';
import { TableCard } from '../../ui/table-card';
import { TableSkeleton } from '../../ui/table-skeleton';
import { orderCsvRows } from '../exports/csv-rows';
import { ViewAllOrdersLink } from '../shared/page-links';
import { useSelection } from '../shared/use-selection';
import { RecentOrdersList } from './recent-orders-list';

/** The dashboard lists this many of the newest orders; /orders has them all. */
const RECENT_ORDERS = 5;

/** Spec "Recent Orders": Order ID, Date, Quantity, Total, Status, with selection and CSV export. */
export function RecentOrders({ orders }: { orders: readonly MyOrder[] | undefined }) {
  const recent = useMemo(() => (orders ?? []).slice(0, RECENT_ORDERS), [orders]);
  const ids = useMemo(() => recent.map((o) => o.id), [recent]);
  const selection = useSelection(ids, ids);
  const csv = useCsvExport();
  const count = selection.ids.length;

  const exportSelected = () =>
    void csv.run({
      selection: recent.filter((o) => selection.has(o.id)),
      nothingSelected: { title: NO_ORDERS_SELECTED, description: NO_ORDERS_SELECTED_DESCRIPTION },
      headers: DASHBOARD_ORDERS_COLUMNS,
      rows: orderCsvRows,
      fileName: exportFileName('orders', new Date()),
      successDescription: (n) => exportSuccessDescription(n, 'orders'),
    });

  return (
    <TableCard
      title="Recent Orders"
      actions={
        recent.length > 0 && (
          <ExportSelectionButton selectedCount={count} busy={csv.busy} onClick={exportSelected} />
        )
      }
      footer={<ViewAllOrdersLink />}
    >
      {!orders ? (
        <TableSkeleton rows={3} label="Loading your orders" />
      ) : recent.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-600 sm:px-6 dark:text-slate-400">
          {NO_ORDERS_YET}
        </p>
      ) : (
        <RecentOrdersList orders={recent} selection={selection} />
      )}
    </TableCard>
  );
}
