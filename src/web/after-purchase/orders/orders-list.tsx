import { formatCents, plural } from '../../../domain/format';
import { orderBadge } from '../../../domain/status';
import type { MyOrder } from '../../lib/api-clients/my-orders-api';
import { formatDate } from '../../lib/dates';
import type { PagedSelection } from '../../lib/use-paged-selection';
import { Checkbox } from '../../ui/checkbox';
import { Cell, DataTable, HeadCell, rowClasses } from '../../ui/data-table';
import { RecordCards } from '../../ui/record-cards';
import { StatusBadge } from '../../ui/status-badge';
import { OrderNextStep } from './order-next-step';
import { cancelReasonLine, orderNextStep, statusDateText } from './order-view';

interface ListProps {
  orders: readonly MyOrder[];
  selection: PagedSelection<MyOrder>;
}

/** The D5 badge with the date of the order's last step under it. */
function OrderStatus({ order }: { order: MyOrder }) {
  const when = statusDateText(order);
  const why = cancelReasonLine(order);
  return (
    <div className="space-y-1">
      <StatusBadge badge={orderBadge(order.status)} />
      {when && <div className="text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">{when}</div>}
      {why && <div className="max-w-48 text-xs text-slate-500 dark:text-slate-400">{why}</div>}
    </div>
  );
}

const planText = (order: MyOrder) =>
  order.additionalPanels > 0
    ? `${order.planName} + ${plural(order.additionalPanels, 'add-on')}`
    : order.planName;

function OrdersTable({ orders, selection }: ListProps) {
  return (
    <DataTable label="Your orders" minWidth="min-w-[52rem]">
      <thead>
        <tr>
          <HeadCell className="w-12">
            <Checkbox
              aria-label="Select all orders on this page"
              checked={selection.pageState === 'all'}
              indeterminate={selection.pageState === 'some'}
              onChange={selection.togglePage}
            />
          </HeadCell>
          <HeadCell>Order ID</HeadCell>
          <HeadCell>Date</HeadCell>
          <HeadCell>Plan</HeadCell>
          <HeadCell className="text-right">Quantity</HeadCell>
          <HeadCell className="text-right">Total</HeadCell>
          <HeadCell>Status</HeadCell>
          <HeadCell>Instructions / Invoice</HeadCell>
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
                  onChange={() => selection.toggle(order)}
                />
              </Cell>
              <Cell className="font-medium text-slate-900 dark:text-white">#{order.id}</Cell>
              <Cell className="whitespace-nowrap">{formatDate(order.createdAt)}</Cell>
              <Cell className="whitespace-nowrap">{planText(order)}</Cell>
              <Cell className="text-right tabular-nums">{order.quantity}</Cell>
              <Cell className="text-right tabular-nums">{formatCents(order.totalCents)}</Cell>
              <Cell>
                <OrderStatus order={order} />
              </Cell>
              <Cell>
                <OrderNextStep order={order} className="-mx-2" />
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
      label="Your orders"
      selectAll={{
        label: 'Select all orders on this page',
        checked: selection.pageState === 'all',
        indeterminate: selection.pageState === 'some',
        onChange: selection.togglePage,
      }}
      items={orders.map((order) => ({
        key: order.id,
        title: `Order #${order.id}`,
        badge: (
          <div className="text-right">
            <OrderStatus order={order} />
          </div>
        ),
        selectLabel: `Select order #${order.id}`,
        selected: selection.has(order.id),
        onToggle: () => selection.toggle(order),
        fields: [
          { label: 'Date', value: formatDate(order.createdAt) },
          { label: 'Plan', value: planText(order) },
          { label: 'Quantity', value: order.quantity },
          { label: 'Total', value: formatCents(order.totalCents) },
        ],
        // A canceled order leads nowhere: no empty line at the bottom of its card.
        action:
          orderNextStep(order).kind === 'none' ? undefined : (
            <OrderNextStep order={order} className="-mx-2" />
          ),
      }))}
    />
  );
}

/** Every order as a table from the sm breakpoint up, as cards on a phone. */
export function OrdersList(props: ListProps) {
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
