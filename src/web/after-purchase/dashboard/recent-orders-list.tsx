import type { MyOrder } from '../../lib/api/my-orders-api';
import { idBoxes } from '../../lib/selection-boxes';
import {
  orderBadgeOf,
  orderBoxLabels,
  orderCardTitle,
  orderDateColumn,
  orderFields,
  orderIdColumn,
  orderStatusColumn,
  quantityColumn,
  totalColumn,
} from '../../ui/order-columns';
import { SelectableList } from '../../ui/selectable-list';
import type { Selection } from '../shared/use-selection';

/** Recent orders as a table from the sm breakpoint up, as cards on a phone. */
export function RecentOrdersList({
  orders,
  selection,
}: {
  orders: readonly MyOrder[];
  selection: Selection;
}) {
  const boxes = idBoxes(selection, orderBoxLabels('Select all orders'));
  return (
    <SelectableList
      label="Recent orders"
      minWidth="min-w-[36rem]"
      rows={orders}
      boxes={boxes}
      columns={[orderIdColumn, orderDateColumn('Date'), quantityColumn, totalColumn, orderStatusColumn]}
      card={(order) => ({
        title: orderCardTitle(order),
        badge: orderBadgeOf(order),
        fields: [orderFields.date(order), orderFields.quantity(order), orderFields.total(order)],
      })}
    />
  );
}
