import { useMemo } from 'react';
import { DASHBOARD_ORDERS_COLUMNS } from '../../../domain/csv';
import { NO_ORDERS_YET } from '../../../domain/messages';
import type { MyOrder } from '../../lib/api/my-orders-api';
import { useCsvExport } from '../../lib/use-csv-export';
import { ExportSelectionButton } from '../../ui/export-selection-button';
import { StaticListBody } from '../../ui/static-list-body';
import { TableCard } from '../../ui/table-card';
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
  const csv = useCsvExport({ kind: 'orders', headers: DASHBOARD_ORDERS_COLUMNS, rows: orderCsvRows });
  const count = selection.ids.length;
  const exportSelected = () => void csv.run(recent.filter((o) => selection.has(o.id)));

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
      <StaticListBody rows={orders && recent} loading="Loading your orders" empty={NO_ORDERS_YET}>
        <RecentOrdersList orders={recent} selection={selection} />
      </StaticListBody>
    </TableCard>
  );
}
