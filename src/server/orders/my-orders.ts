import { and, count, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { CUSTOMER_ORDERS_PAGE_SIZE } from '../../domain/constants';
import { invoiceLabel } from '../../domain/format';
import { getPlan, isPlanId } from '../../domain/plans';
import type { OrderStatus, PaymentStatus } from '../../domain/status';
import type { Database } from '../db/client';
import { orders, panels, payments } from '../db/schema';
import { offsetOf, pageFacts } from './customer-paging';

type OrderRow = typeof orders.$inferSelect;

export interface MyInvoice {
  /** The payment's id, which the PDF route takes; `invoice` is its gap-free number (D4). */
  id: number;
  invoice: string;
  date: string;
  amountCents: number;
  status: PaymentStatus;
  pdfPath: string;
}

/** Where an order's row leads the customer, decided by its status (D5, D6). */
export interface OrderLinks {
  /** A bank transfer or crypto order waiting for payment: its instructions page. */
  instructionsPath: string | null;
  /**
   * A card order waiting for payment: its checkout may still be open at the provider. Whether
   * it is, is asked only when the customer presses Resume (POST .../checkout), never per list.
   */
  resumeCheckout: boolean;
  /** Paid, completed or refunded: one invoice per charge, newest first (D4). */
  invoices: MyInvoice[];
}

export function orderLinks(
  order: Pick<OrderRow, 'id' | 'status' | 'provider' | 'providerSessionId'>,
  invoices: MyInvoice[],
): OrderLinks {
  const pending = order.status === 'pending_payment';
  return {
    instructionsPath: pending && order.provider === 'manual' ? `/checkout/manual/${order.id}` : null,
    resumeCheckout: pending && order.provider !== 'manual' && order.providerSessionId !== null,
    invoices:
      order.status === 'paid' || order.status === 'completed' || order.status === 'refunded' ? invoices : [],
  };
}

const planName = (id: string) => (isPlanId(id) ? (getPlan(id)?.name ?? id) : id);
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/** Panels delivered and invoices of some of one customer's orders, for their rows. */
async function detailsOf(db: Database, workspaceId: string, rows: readonly OrderRow[]) {
  const ids = rows.map((o) => o.id);
  if (ids.length === 0) return rows.map(() => ({ delivered: 0, invoices: [] as MyInvoice[] }));
  const [delivered, charges] = await Promise.all([
    db
      .select({ orderId: panels.orderId, n: count() })
      .from(panels)
      // A panel replaced under the warranty (docs/product.md §11) gave its place to its successor.
      .where(and(inArray(panels.orderId, ids), isNull(panels.retiredReason)))
      .groupBy(panels.orderId),
    db
      .select()
      .from(payments)
      // A payment row without a number is not an invoice (payments/record-payment.ts).
      .where(
        and(
          inArray(payments.orderId, ids),
          eq(payments.workspaceId, workspaceId),
          isNotNull(payments.invoiceNumber),
        ),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id)),
  ]);
  return rows.map((o) => ({
    // A panel that ended and was restocked filled its place all the same.
    delivered: o.restockedPanels + (delivered.find((d) => d.orderId === o.id)?.n ?? 0),
    invoices: charges.flatMap((p) =>
      p.orderId === o.id && p.invoiceNumber !== null
        ? [
            {
              id: p.id,
              invoice: invoiceLabel(p.invoiceNumber),
              date: p.createdAt.toISOString(),
              amountCents: p.amountCents,
              status: p.status,
              pdfPath: `/api/me/invoices/${p.id}/pdf`,
            },
          ]
        : [],
    ),
  }));
}

function orderItem(o: OrderRow, details: { delivered: number; invoices: MyInvoice[] }) {
  return {
    id: o.id,
    planId: o.planId,
    planName: planName(o.planId),
    additionalPanels: o.additionalPanels,
    quantity: o.quantity,
    totalCents: o.totalCents,
    status: o.status,
    paymentMethod: o.paymentMethod,
    createdAt: o.createdAt.toISOString(),
    paidAt: isoOrNull(o.paidAt),
    completedAt: isoOrNull(o.completedAt),
    canceledAt: isoOrNull(o.canceledAt),
    refundedAt: isoOrNull(o.refundedAt),
    cancelReason: o.cancelReason,
    delivered: details.delivered,
    ...orderLinks(o, details.invoices),
  };
}

export type MyOrderItem = ReturnType<typeof orderItem>;

/**
 * One page of the customer's orders (CUSTOMER_ORDERS_PAGE_SIZE), every status, newest first
 * (served by the (user_id, created_at desc) index). Only the caller's rows: the owner is the filter.
 */
export async function pageOfMyOrders(
  db: Database,
  workspaceId: string,
  query: { page: number; status?: OrderStatus | undefined },
) {
  const pageSize = CUSTOMER_ORDERS_PAGE_SIZE;
  const where = and(
    eq(orders.workspaceId, workspaceId),
    query.status ? eq(orders.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset(offsetOf(query.page, pageSize)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const details = await detailsOf(db, workspaceId, rows);
  return {
    orders: rows.map((o, i) => orderItem(o, details[i]!)),
    ...pageFacts(query.page, pageSize, total?.n ?? 0),
  };
}

/** One of the customer's orders in the list's shape, or null (another customer's reads as none). */
export async function myOrder(
  db: Database,
  workspaceId: string,
  orderId: number,
): Promise<MyOrderItem | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.workspaceId, workspaceId)));
  if (!row) return null;
  const [details] = await detailsOf(db, workspaceId, [row]);
  return orderItem(row, details!);
}

/**
 * Up to `limit` of the customer's orders by number from the newest, below `before` when
 * given: a page of /api/v1/orders, in the list's shape.
 */
export async function myOrdersBefore(
  db: Database,
  workspaceId: string,
  query: { before?: number | undefined; limit: number; status?: OrderStatus | undefined },
) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.workspaceId, workspaceId),
        query.status ? eq(orders.status, query.status) : undefined,
        query.before === undefined ? undefined : lt(orders.id, query.before),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(query.limit);
  const details = await detailsOf(db, workspaceId, rows);
  return rows.map((o, i) => orderItem(o, details[i]!));
}
