import { eq, inArray } from 'drizzle-orm';
import { orders, user } from '../db/schema';
import type { EmailContent } from '../mail/templates';
import { enqueueEmails, type TxOrDb } from './enqueue';
import { orderRecipients, type WorkspaceMailKind } from './workspace-recipients';

/**
 * The orders named, with what the e-mails about them say and their customer's address (null
 * once the account is gone: an operator alert still names the order).
 */
export function ordersWithCustomer(db: TxOrDb, orderIds: number[]) {
  return db
    .select({
      id: orders.id,
      planId: orders.planId,
      quantity: orders.quantity,
      totalCents: orders.totalCents,
      paymentMethod: orders.paymentMethod,
      createdAt: orders.createdAt,
      currentPeriodEnd: orders.currentPeriodEnd,
      customerEmail: user.email,
    })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(inArray(orders.id, orderIds));
}

/**
 * The same, for e-mails about the orders: one row per order and recipient, who are the
 * members of the order's workspace that mail of this kind goes to (outbox/workspace-recipients.ts).
 * An order whose workspace has nobody left to tell has no row.
 */
export async function ordersWithRecipient(db: TxOrDb, orderIds: number[], kind: WorkspaceMailKind) {
  if (orderIds.length === 0) return [];
  // One after the other: both may run on the caller's transaction, one connection.
  const rows = await ordersWithCustomer(db, orderIds);
  const recipients = await orderRecipients(db, orderIds, kind);
  return rows.flatMap(({ customerEmail: _placer, ...order }) =>
    (recipients.get(order.id) ?? []).map((email) => ({ ...order, email })),
  );
}

/**
 * Queues one message about an order to each of its workspace's recipients of this kind, and to
 * the addresses in `alsoTo` that are not among them, in the caller's transaction; each
 * recipient's preferences apply (enqueue.ts). The row ids.
 */
export async function enqueueOrderEmail(
  db: TxOrDb,
  orderId: number,
  kind: WorkspaceMailKind,
  content: EmailContent,
  alsoTo: readonly string[] = [],
): Promise<number[]> {
  const to = new Set([...((await orderRecipients(db, [orderId], kind)).get(orderId) ?? []), ...alsoTo]);
  return enqueueEmails(
    db,
    [...to].map((address) => ({ to: address, ...content })),
  );
}

/**
 * Queues a message about each order to each of its workspace's recipients of this kind: one
 * read and one insert for all the orders, in the caller's transaction. The row ids.
 */
export async function enqueueOrderEmails(
  db: TxOrDb,
  orderIds: number[],
  kind: WorkspaceMailKind,
  message: (order: Awaited<ReturnType<typeof ordersWithRecipient>>[number]) => EmailContent,
): Promise<number[]> {
  const rows = await ordersWithRecipient(db, orderIds, kind);
  return enqueueEmails(
    db,
    rows.map((row) => ({ to: row.email, ...message(row) })),
  );
}
