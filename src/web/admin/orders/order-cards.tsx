import { orderBadgeOf, orderCardTitle, orderFields } from '../../ui/order-columns';
import { SelectableCards } from '../../ui/selectable-cards';
import { type OrderListProps, orderBoxes, UserCell, ViewOrderButton } from './orders-table';

/** The Orders table on a phone (spec: card layout under 768px), with the same selection. */
export function OrderCards({ orders, selection, onOpenOrder }: OrderListProps) {
  return (
    <div className="md:hidden">
      <SelectableCards
        label="Orders"
        rows={orders}
        boxes={orderBoxes(selection)}
        card={(order) => ({
          title: orderCardTitle(order),
          badge: orderBadgeOf(order),
          fields: [
            { label: 'User', value: <UserCell customer={order.customer} />, wide: true },
            orderFields.quantity(order),
            orderFields.total(order),
            orderFields.date(order, 'Order Date'),
          ],
          action: <ViewOrderButton orderId={order.id} onOpen={onOpenOrder} />,
        })}
      />
    </div>
  );
}
