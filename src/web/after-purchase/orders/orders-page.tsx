import { DASHBOARD_ORDERS_COLUMNS } from '../../../domain/csv';
import { plural } from '../../../domain/format';
import { NO_ORDERS_YET, ORDERS_LOAD_FAILED } from '../../../domain/messages';
import type { OrderStatus } from '../../../domain/status';
import { AppPage } from '../../layout/app-page';
import { myOrdersQuery } from '../../lib/api/my-orders-api';
import { useChoice } from '../../lib/use-choice';
import { useCsvExport } from '../../lib/use-csv-export';
import { usePagedList } from '../../lib/use-paged-list';
import { usePagedSelection } from '../../lib/use-paged-selection';
import { ExportSelectionButton } from '../../ui/export-selection-button';
import { ListBody, type ListTexts } from '../../ui/list-body';
import { pagerOf } from '../../ui/list-pager';
import { ORDER_STATUS_OPTIONS } from '../../ui/order-status-options';
import { SelectFilter } from '../../ui/select-filter';
import { SelectionSummary } from '../../ui/selection-summary';
import { TableCard } from '../../ui/table-card';
import { orderCsvRows } from '../exports/csv-rows';
import { NewOrderLink } from '../shared/page-links';
import { OrdersList } from './orders-list';

const TEXTS: ListTexts = {
  loading: 'Loading your orders',
  failure: ORDERS_LOAD_FAILED,
  empty: NO_ORDERS_YET,
  noMatch: 'No orders with this status.',
};

/**
 * /orders: every order of the customer, whatever its status, paged by the server
 * (10 a page, the documented pager window), with a status filter. Each row leads on: a pending bank
 * transfer or crypto order to its payment instructions, a pending card order back to its
 * checkout, a paid, completed or refunded one to its invoices. The selection is kept across
 * pages and exported with the dashboard's order columns (docs/product.md §3).
 */
export default function OrdersPage() {
  const status = useChoice<OrderStatus | ''>('');
  const paged = usePagedList({ status: status.value || undefined }, myOrdersQuery, 'orders-load', TEXTS);
  const { query, data, items } = paged;
  const selection = usePagedSelection(data?.items);
  const csv = useCsvExport({ kind: 'orders', headers: DASHBOARD_ORDERS_COLUMNS, rows: orderCsvRows });

  return (
    <AppPage
      wide
      title="All orders"
      description="Every order you placed, with its payment instructions or invoices."
      actions={<NewOrderLink />}
    >
      <TableCard
        title="Orders"
        description={data ? plural(data.total, status.value ? 'matching order' : 'order') : undefined}
        actions={
          <ExportSelectionButton
            selectedCount={selection.count}
            busy={csv.busy}
            onClick={() => void csv.run(selection.rows())}
          />
        }
        toolbar={
          <div className="space-y-3">
            <SelectFilter choice={status} options={ORDER_STATUS_OPTIONS} label="Filter orders by status" />
            <SelectionSummary count={selection.count} noun="order" onClear={selection.clear} />
          </div>
        }
        footer={pagerOf('Orders', paged)}
      >
        <ListBody query={query} rows={items} texts={TEXTS} filtered={status.value !== ''}>
          <OrdersList orders={items} selection={selection} />
        </ListBody>
      </TableCard>
    </AppPage>
  );
}
