import { formatCents } from '../../../domain/format';
import { orderBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import type { PagedSelection } from '../../lib/use-paged-selection';
import { buttonClasses } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Cell, DataTable, HeadCell, rowClasses } from '../../ui/data-table';
import { StatusBadge } from '../../ui/status-badge';
import { textLinkClasses } from '../../ui/text-link';
import type { AdminOrder } from '../api/orders-api';
import { userLabel } from '../shared/labels';

/** The spec's 'User #id', with the e-mail that makes it recognisable. */
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

/** Desktop rows of the Orders table (md and up; phones get cards). */
export function OrdersTable({
  orders,
  selection,
  onOpenOrder,
}: {
  orders: readonly AdminOrder[];
  selection: PagedSelection<AdminOrder>;
  onOpenOrder: (id: number) => void;
}) {
  return (
    <div className="hidden md:block">
      <DataTable label="Orders" minWidth="min-w-[48rem]">
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
            <HeadCell>User</HeadCell>
            <HeadCell className="text-right">Quantity</HeadCell>
            <HeadCell className="text-right">Total</HeadCell>
            <HeadCell>Order Date</HeadCell>
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
                    onChange={() => selection.toggle(order)}
                  />
                </Cell>
                <Cell className="whitespace-nowrap">
                  <ViewOrderButton orderId={order.id} onOpen={onOpenOrder} look="link" />
                </Cell>
                <Cell className="max-w-72">
                  <UserCell customer={order.customer} />
                </Cell>
                <Cell className="text-right tabular-nums">
                  {order.quantity}
                  {order.delivered < order.quantity && order.status === 'paid' && (
                    <div className="text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
                      {order.delivered} delivered
                    </div>
                  )}
                </Cell>
                <Cell className="text-right tabular-nums">{formatCents(order.totalCents)}</Cell>
                <Cell className="whitespace-nowrap">{formatDate(order.createdAt)}</Cell>
                <Cell>
                  <StatusBadge badge={orderBadge(order.status)} />
                </Cell>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </div>
  );
}
