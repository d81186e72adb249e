import { formatCents } from '../../../domain/format';
import { orderBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import type { PagedSelection } from '../../lib/use-paged-selection';
import { RecordCards } from '../../ui/record-cards';
import { StatusBadge } from '../../ui/status-badge';
import type { AdminOrder } from '../api/orders-api';
import { UserCell, ViewOrderButton } from './orders-table';

/** The Orders table on a phone (spec: card layout under 768px), with the same selection. */
export function OrderCards({
  orders,
  selection,
  onOpenOrder,
}: {
  orders: readonly AdminOrder[];
  selection: PagedSelection<AdminOrder>;
  onOpenOrder: (id: number) => void;
}) {
  return (
    <div className="md:hidden">
      <RecordCards
        label="Orders"
        selectAll={{
          label: 'Select all orders on this page',
          checked: selection.pageState === 'all',
          indeterminate: selection.pageState === 'some',
          onChange: selection.togglePage,
        }}
        items={orders.map((order) => ({
          key: order.id,
          title: `Order #${order.id}`,
          badge: <StatusBadge badge={orderBadge(order.status)} />,
          selectLabel: `Select order #${order.id}`,
          selected: selection.has(order.id),
          onToggle: () => selection.toggle(order),
          fields: [
            { label: 'User', value: <UserCell customer={order.customer} />, wide: true },
            { label: 'Quantity', value: order.quantity },
            { label: 'Total', value: formatCents(order.totalCents) },
            { label: 'Order Date', value: formatDate(order.createdAt) },
          ],
          action: <ViewOrderButton orderId={order.id} onOpen={onOpenOrder} />,
        }))}
      />
    </div>
  );
}
