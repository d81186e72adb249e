import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders, sandboxSessions, user } from '../db/schema';
import { ensurePersonalWorkspace } from '../workspaces/personal';

/**
 * A customer row without going through sign-up (for tests that only need an owner), with the
 * personal workspace every account has: their orders land there and its mail reaches them.
 */
export async function insertCustomer(
  db: Database,
  email = `c-${randomBytes(4).toString('hex')}@example.com`,
) {
  const id = randomBytes(16).toString('hex');
  await db.insert(user).values({ id, email, name: email.split('@')[0] ?? 'Customer', emailVerified: true });
  const workspaceId = await ensurePersonalWorkspace(db, id);
  return { id, email, workspaceId };
}

/**
 * An order row as a test needs it: one basic panel for $500, by card through the sandbox,
 * with `values` over that (its owner, status, dates...). Straight into the table: no lifecycle.
 */
export async function insertOrder(
  db: Database,
  values: Partial<typeof orders.$inferInsert> & { userId: string | null },
) {
  const [order] = await db
    .insert(orders)
    .values({
      planId: 'basic',
      quantity: 1,
      totalCents: 50_000,
      paymentMethod: 'card',
      provider: 'sandbox',
      ...values,
    })
    .returning();
  return order!;
}

/** An unpaid sandbox order with its open checkout session, as POST /api/checkout leaves it. */
export async function insertPendingOrder(
  db: Database,
  userId: string,
  options: { quantity?: number; totalCents?: number; paidAt?: Date } = {},
) {
  const quantity = options.quantity ?? 1;
  const totalCents = options.totalCents ?? 50_000;
  const sessionId = `cs_sandbox_${randomBytes(8).toString('hex')}`;
  const order = await insertOrder(db, {
    userId,
    quantity,
    additionalPanels: quantity - 1,
    totalCents,
    status: 'pending_payment',
    providerSessionId: sessionId,
  });
  await db.insert(sandboxSessions).values({ id: sessionId, orderId: order.id, amountCents: totalCents });
  return { order, sessionId };
}

/** An order's row as it is now, for a test that expects it to exist. */
export async function orderRow(db: Database, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new Error(`no order ${id}`);
  return order;
}
