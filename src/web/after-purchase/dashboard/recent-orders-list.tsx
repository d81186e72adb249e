import { formatCents } from '../../../domain/format';
import { orderBadge } from '../../../domain/status';
import type { MyOrder } from '../../lib/api-clients/my-orders-api';
import { formatDate } from '../../lib/dates';
import { Checkbox } from '../../ui/checkbox';
import { Cell, DataTable, HeadCell, rowClasses } from '../../ui/data-table';
import { RecordCards } from '../../ui/record-cards';
import { StatusBadge } from '../../ui/status-badge';
import type { Selection } from '../shared/use-selection';

interface ListProps {
  orders: readonly MyOrder[];
  selection: Selection;
}

function OrdersTable({ orders, selection }: ListProps) {
  return (
    <DataTable label="Recent orders" minWidth="min-w-[36rem]">
      <thead>
        <tr>
          <HeadCell className="w-12">
            <Checkbox
              aria-label="Select all orders"
              checked={selection.allState === 'all'}
              indeterminate={selection.allState === 'some'}
              onChange={selection.toggleAll}
            />
          </HeadCell>
          <HeadCell>Order ID</HeadCell>
          <HeadCell>Date</HeadCell>
          <HeadCell className="text-right">Quantity</HeadCell>
          <HeadCell className="text-right">Total</HeadCell>
          <HeadCell>Status</HeadCell>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const selected = selection.has(order.id);
          return (
            <tr key={order.id} className={rowClasses(selected)}>
              <Cell>
                <Checkbox
                  aria-label={`Select order #${order.id}`}
                  checked={selected}
                  onChange={() => selection.toggle(order.id)}
                />
              </Cell>
              <Cell className="font-medium text-slate-900 dark:text-white">#{order.id}</Cell>
              <Cell className="whitespace-nowrap">{formatDate(order.createdAt)}</Cell>
              <Cell className="text-right tabular-nums">{order.quantity}</Cell>
              <Cell className="text-right tabular-nums">{formatCents(order.totalCents)}</Cell>
              <Cell>
                <StatusBadge badge={orderBadge(order.status)} />
              </Cell>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

function OrderCards({ orders, selection }: ListProps) {
  return (
    <RecordCards
      label="Recent orders"
      selectAll={{
        label: 'Select all orders',
        checked: selection.allState === 'all',
        indeterminate: selection.allState === 'some',
        onChange: selection.toggleAll,
      }}
      items={orders.map((order) => ({
        key: order.id,
        title: `Order #${order.id}`,
        badge: <StatusBadge badge={orderBadge(order.status)} />,
        selectLabel: `Select order #${order.id}`,
        selected: selection.has(order.id),
        onToggle: () => selection.toggle(order.id),
        fields: [
          { label: 'Date', value: formatDate(order.createdAt) },
          { label: 'Quantity', value: order.quantity },
          { label: 'Total', value: formatCents(order.totalCents) },
        ],
      }))}
    />
  );
}

/** Recent orders as a table from the sm breakpoint up, as cards on a phone. */
export function RecentOrdersList(props: ListProps) {
  return (
    <>
      <div className="hidden sm:block">
        <OrdersTable {...props} />
      </div>
      <div className="sm:hidden">
        <OrderCards {...props} />
      </div>
    </>
  );
}
