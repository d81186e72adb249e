import { formatCents } from '../../domain/format';
import { type OrderStatus, orderBadge } from '../../domain/status';
import { formatDate } from '../lib/dates';
import { numberColumn } from './column-kinds';
import type { Column } from './column-table';
import type { RecordField } from './record-cards';
import { StatusBadge } from './status-badge';

/** What every order list shows of an order, the admin's and the customer's alike. */
export interface OrderRow {
  id: number;
  createdAt: string;
  quantity: number;
  totalCents: number;
  status: OrderStatus;
}

export const orderIdColumn: Column<OrderRow> = {
  header: 'Order ID',
  className: 'font-medium text-slate-900 dark:text-white',
  cell: (order) => `#${order.id}`,
};

export const orderDateColumn = (header: string): Column<OrderRow> => ({
  header,
  className: 'whitespace-nowrap',
  cell: (order) => formatDate(order.createdAt),
});

export const quantityColumn: Column<OrderRow> = {
  ...numberColumn('Quantity'),
  cell: (order) => order.quantity,
};

export const totalColumn: Column<OrderRow> = {
  ...numberColumn('Total'),
  cell: (order) => formatCents(order.totalCents),
};

export const orderStatusColumn: Column<OrderRow> = {
  header: 'Status',
  cell: (order) => <StatusBadge badge={orderBadge(order.status)} />,
};

export const orderCardTitle = (order: OrderRow) => `Order #${order.id}`;

export const orderBadgeOf = (order: OrderRow) => <StatusBadge badge={orderBadge(order.status)} />;

/** The checkbox names of an order list; `all` differs between paged and unpaged lists. */
export const orderBoxLabels = (all: string) => ({
  all,
  row: (order: OrderRow) => `Select order #${order.id}`,
});

/** The same facts as the columns, as fields of an order's phone card. */
export const orderFields = {
  date: (order: OrderRow, label = 'Date'): RecordField => ({ label, value: formatDate(order.createdAt) }),
  quantity: (order: OrderRow): RecordField => ({ label: 'Quantity', value: order.quantity }),
  total: (order: OrderRow): RecordField => ({ label: 'Total', value: formatCents(order.totalCents) }),
};
