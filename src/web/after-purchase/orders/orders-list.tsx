import { plural } from '../../../domain/format';
import { orderBadge } from '../../../domain/status';
import type { MyOrder } from '../../lib/api/my-orders-api';
import { pagedBoxes } from '../../lib/selection-boxes';
import type { PagedSelection } from '../../lib/use-paged-selection';
import {
  orderBoxLabels,
  orderCardTitle,
  orderDateColumn,
  orderFields,
  orderIdColumn,
  quantityColumn,
  totalColumn,
} from '../../ui/order-columns';
import { SelectableList } from '../../ui/selectable-list';
import { StatusBadge } from '../../ui/status-badge';
import { OrderNextStep } from './order-next-step';
import { cancelReasonLine, orderNextStep, statusDateText } from './order-view';

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

/** Every order as a table where the card is wide enough (a laptop), as cards below that. */
export function OrdersList({
  orders,
  selection,
}: {
  orders: readonly MyOrder[];
  selection: PagedSelection<MyOrder>;
}) {
  const boxes = pagedBoxes(selection, orderBoxLabels('Select all orders on this page'));
  return (
    <SelectableList
      from="wide"
      label="Your orders"
      minWidth="min-w-[52rem]"
      rows={orders}
      boxes={boxes}
      columns={[
        orderIdColumn,
        orderDateColumn('Date'),
        // Plan and the last column's header may wrap, so the invoice links stay inside the card on a laptop.
        { header: 'Plan', cell: planText },
        quantityColumn,
        totalColumn,
        { header: 'Status', cell: (order) => <OrderStatus order={order} /> },
        {
          header: 'Instructions / Invoice',
          headClassName: 'whitespace-normal',
          cell: (order) => <OrderNextStep order={order} className="-mx-2" />,
        },
      ]}
      card={(order) => ({
        title: orderCardTitle(order),
        badge: (
          <div className="text-right">
            <OrderStatus order={order} />
          </div>
        ),
        fields: [
          orderFields.date(order),
          { label: 'Plan', value: planText(order) },
          orderFields.quantity(order),
          orderFields.total(order),
        ],
        // A canceled order leads nowhere: no empty line at the bottom of its card.
        action:
          orderNextStep(order).kind === 'none' ? undefined : (
            <OrderNextStep order={order} className="-mx-2" />
          ),
      })}
    />
  );
}
