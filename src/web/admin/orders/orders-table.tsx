import { pagedBoxes } from '../../lib/selection-boxes';
import type { PagedSelection } from '../../lib/use-paged-selection';
import { buttonClasses } from '../../ui/button';
import {
  orderBoxLabels,
  orderDateColumn,
  orderStatusColumn,
  quantityColumn,
  totalColumn,
} from '../../ui/order-columns';
import { SelectableTable } from '../../ui/selectable-table';
import { textLinkClasses } from '../../ui/text-link';
import type { AdminOrder } from '../api/orders-api';
import { userLabel } from '../shared/labels';

/** The documented 'User #id', with the e-mail that makes it recognisable. */
export function UserCell({ customer }: { customer: AdminOrder['customer'] }) {
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
export const orderBoxes = (selection: PagedSelection<AdminOrder>) =>
  pagedBoxes(selection, orderBoxLabels('Select all orders on this page'));

/** What the Orders table (md and up) and its phone cards both receive. */
export interface OrderListProps {
  orders: readonly AdminOrder[];
  selection: PagedSelection<AdminOrder>;
  onOpenOrder: (id: number) => void;
}

/** Desktop rows of the Orders table (md and up; phones get cards). */
export function OrdersTable({ orders, selection, onOpenOrder }: OrderListProps) {
  return (
    <div className="hidden md:block">
      <SelectableTable
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
      />
    </div>
  );
}
