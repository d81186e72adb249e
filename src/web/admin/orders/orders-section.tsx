import { ADMIN_ORDERS_COLUMNS } from '../../../domain/csv';
import type { OrderStatus } from '../../../domain/status';
import { useChoice } from '../../lib/use-choice';
import { useCsvExport } from '../../lib/use-csv-export';
import { usePagedList } from '../../lib/use-paged-list';
import { usePagedSelection } from '../../lib/use-paged-selection';
import { useSearchInput } from '../../lib/use-search-input';
import { ListBody, type ListTexts } from '../../ui/list-body';
import { pagerOf } from '../../ui/list-pager';
import { ORDER_STATUS_OPTIONS } from '../../ui/order-status-options';
import { SearchBox } from '../../ui/search-box';
import { SelectFilter } from '../../ui/select-filter';
import { TableCard } from '../../ui/table-card';
import { type OrderSort, ordersExportPath, ordersQuery } from '../api/orders-api';
import { ExportButtons } from '../shared/export-buttons';
import { FilterBar } from '../shared/filter-bar';
import { adminOrderCsvRows } from './order-csv-rows';
import { OrdersList } from './orders-table';

const TEXTS: ListTexts = {
  loading: 'Loading orders',
  failure: 'Failed to load orders',
  empty: 'No orders yet.',
  noMatch: 'No orders match these filters.',
};

const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const;

/**
 * Spec /admin Orders table: 5 per page from the server (D11), 'User #id' with the customer's
 * e-mail, status badges, selection and the admin CSV columns, "Export all matching", and cards
 * on a phone. A row opens the order's detail.
 */
export function OrdersSection({ onOpenOrder }: { onOpenOrder: (id: number) => void }) {
  const search = useSearchInput();
  const status = useChoice<OrderStatus | ''>('');
  const sort = useChoice<OrderSort>('newest');
  const filter = { search: search.term, status: status.value || undefined };
  const paged = usePagedList({ ...filter, sort: sort.value }, ordersQuery, 'admin-orders-load', TEXTS);
  const { query, data, items } = paged;
  const selection = usePagedSelection(data?.items);
  const csv = useCsvExport({ kind: 'orders', headers: ADMIN_ORDERS_COLUMNS, rows: adminOrderCsvRows });

  return (
    <TableCard
      title="Orders"
      description="Every customer order, newest first."
      actions={
        <ExportButtons
          selection={selection}
          csv={csv}
          page={data}
          allHref={ordersExportPath(filter)}
          noun="order"
        />
      }
      toolbar={
        <FilterBar selection={{ count: selection.count, noun: 'order', onClear: selection.clear }}>
          <SearchBox
            search={search}
            label="Search orders by order number or customer email"
            placeholder="Order # or customer email"
          />
          <SelectFilter choice={status} options={ORDER_STATUS_OPTIONS} label="Filter orders by status" />
          <SelectFilter choice={sort} options={SORT_OPTIONS} label="Sort orders" className="sm:w-40" />
        </FilterBar>
      }
      footer={pagerOf('Orders', paged)}
    >
      <ListBody query={query} rows={items} texts={TEXTS} filtered={Boolean(filter.search || filter.status)}>
        <OrdersList orders={items} selection={selection} onOpenOrder={onOpenOrder} />
      </ListBody>
    </TableCard>
  );
}
