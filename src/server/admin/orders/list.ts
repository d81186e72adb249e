import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { OrderStatus } from '../../../domain/status';
import type { Database } from '../../db/client';
import { orders, user } from '../../db/schema';
import { deliveredCount } from '../../provisioning/backlog';
import { type AdminList, type Page, pageByIds } from '../paging';
import { type OrderFilter, orderWhere } from './filter';

export interface OrderListQuery extends OrderFilter {
  page: number;
  pageSize: number;
  sort: 'newest' | 'oldest';
}

export interface OrderListItem {
  id: number;
  customer: { id: string; email: string; name: string } | null;
  planId: string;
  quantity: number;
  delivered: number;
  totalCents: number;
  status: OrderStatus;
  paymentMethod: string;
  createdAt: Date;
  paidAt: Date | null;
}

/** An order's columns as the admin's order lists show it (here and on a customer's page). */
export const orderColumns = {
  planId: orders.planId,
  quantity: orders.quantity,
  delivered: deliveredCount,
  totalCents: orders.totalCents,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

/**
 * One page of orders, newest first (5 per page on /admin), with the customer's id and e-mail
 * for the documented 'User #id' column. Ids of the page first, then those rows (see listPanels).
 */
export async function listOrders(db: Database, query: OrderListQuery): Promise<Page<OrderListItem>> {
  // Order numbers are handed out as orders are created, so the number is the creation order
  // and, unlike created_at, never ties: the primary key (or (status, id)) serves the page.
  const order = query.sort === 'newest' ? desc(orders.id) : asc(orders.id);
  const list: AdminList = { table: orders, id: orders.id, where: orderWhere(query), orderBy: [order] };
  return pageByIds(db, list, query, async (pageIds) => {
    const rows = await db
      .select({
        id: orders.id,
        customerId: user.id,
        customerEmail: user.email,
        customerName: user.name,
        ...orderColumns,
      })
      .from(orders)
      .leftJoin(user, eq(user.id, orders.userId))
      .where(inArray(orders.id, pageIds))
      .orderBy(order);
    return rows.map(({ customerId, customerEmail, customerName, ...row }) => ({
      ...row,
      delivered: Number(row.delivered),
      customer:
        customerId && customerEmail && customerName !== null
          ? { id: customerId, email: customerEmail, name: customerName }
          : null,
    }));
  });
}
