import { pagedBoxes } from '../../lib/selection-boxes';
import type { PagedSelection } from '../../lib/use-paged-selection';
import { buttonClasses } from '../../ui/button';
import {
  orderBadgeOf,
  orderBoxLabels,
  orderCardTitle,
  orderDateColumn,
  orderFields,
  orderStatusColumn,
  quantityColumn,
  totalColumn,
} from '../../ui/order-columns';
import { SelectableList } from '../../ui/selectable-list';
import { textLinkClasses } from '../../ui/text-link';
import type { AdminOrder } from '../api/orders-api';
import { userLabel } from '../shared/labels';

/** The documented 'User #id', with the e-mail that makes it recognisable. */
function UserCell({ customer }: { customer: AdminOrder['customer'] }) {
  if (!customer) return <span className="text-slate-500 italic dark:text-slate-400">Deleted account</span>;
  return (
    <div className="min-w-0">
      <div className="break-words text-slate-900 md:whitespace-nowrap dark:text-white">{customer.email}</div>
      <div className="font-mono text-xs break-words text-slate-500 md:whitespace-nowrap dark:text-slate-400">
        {userLabel(customer.id)}
      </div>
    </div>
  );
}

/**
 * Opens the order's detail. 'button' in rows and cards; 'link' shows the order number itself
 * as the control, where the number is the row's first column (refunds).
 */
export function ViewOrderButton({
  orderId,
  onOpen,
  look = 'button',
}: {
  orderId: number;
  onOpen: (id: number) => void;
  look?: 'button' | 'link';
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(orderId)}
      aria-label={`View order #${orderId}`}
      className={look === 'button' ? buttonClasses({ variant: 'outline', size: 'sm' }) : textLinkClasses}
    >
      {look === 'button' ? 'View' : `#${orderId}`}
    </button>
  );
}

/** The checkboxes of the Orders list, the same on the table and on the phone cards. */
const orderBoxes = (selection: PagedSelection<AdminOrder>) =>
  pagedBoxes(selection, orderBoxLabels('Select all orders on this page'));

/** The page of orders on screen, the selection kept across pages, and how to open an order. */
interface OrderListProps {
  orders: readonly AdminOrder[];
  selection: PagedSelection<AdminOrder>;
  onOpenOrder: (id: number) => void;
}

/** The Orders table from md up, and the same rows and selection as cards on a phone (spec: under 768px). */
export function OrdersList({ orders, selection, onOpenOrder }: OrderListProps) {
  return (
    <SelectableList
      from="wide"
      label="Orders"
      minWidth="min-w-[48rem]"
      rows={orders}
      boxes={orderBoxes(selection)}
      columns={[
        {
          header: 'Order ID',
          className: 'whitespace-nowrap',
          cell: (order) => <ViewOrderButton orderId={order.id} onOpen={onOpenOrder} look="link" />,
        },
        { header: 'User', className: 'max-w-72', cell: (order) => <UserCell customer={order.customer} /> },
        {
          ...quantityColumn,
          cell: (order) => (
            <>
              {order.quantity}
              {order.delivered < order.quantity && order.status === 'paid' && (
                <div className="text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
                  {order.delivered} delivered
                </div>
              )}
            </>
          ),
        },
        totalColumn,
        orderDateColumn('Order Date'),
        orderStatusColumn,
      ]}
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
  );
}
