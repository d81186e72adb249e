import { and, eq } from 'drizzle-orm';
import type { CheckoutRequest } from '../../domain/pricing';
import { alertManualOrder } from '../alerts/raise';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { orders, payments } from '../db/schema';
import { cancelUnpaidOrder } from '../lifecycle/order-moves';
import { enqueueOrderEmail } from '../outbox/order-recipients';
import type { OutboxRunner } from '../outbox/runner';
import { paymentInstructionsMessage } from '../provisioning/order-emails';
import { type CheckoutDeps, startCheckout } from './checkout';
import { ownOrder } from './own-order';

export type OrderDeps = CheckoutDeps & { config: Config; outbox: Pick<OutboxRunner, 'kick'> };

/**
 * Opens the checkout of a new order. Bank transfer and crypto: the instructions (to the
 * workspace's billing recipients and the member who placed it), and the admins' alert that an
 * order waits for a payment to confirm by hand, are queued with the order's checkout, so neither
 * is lost nor sent for an order that was not stored.
 */
export async function checkout(
  deps: OrderDeps,
  customer: { id: string; email: string; workspaceId: string },
  selection: CheckoutRequest,
): Promise<{ url: string; orderId: number }> {
  const { method } = selection;
  const { url, orderId, fresh } = await startCheckout(deps, customer, selection, {
    onOpened: async (tx, id) => {
      if (method === 'card') return;
      const [order] = await tx.select().from(orders).where(eq(orders.id, id));
      if (!order) return;
      const message = paymentInstructionsMessage(deps.config, order, method);
      // Whoever placed the order learns how to pay for it, whatever their role: the billing
      // recipients alone left a workspace admin who ordered without the instructions.
      await enqueueOrderEmail(tx, id, 'billing', message, [customer.email]);
      await alertManualOrder(tx, deps.config, id);
    },
  });
  if (fresh && method !== 'card') deps.outbox.kick();
  return { url, orderId };
}

export async function orderStatus(db: Database, workspaceId: string, orderId: number) {
  const order = await ownOrder(db, orderId, workspaceId);
  return order.status;
}

/**
 * The customer left the checkout, or canceled a bank transfer or crypto order. An order that
 * is no longer waiting for payment (paid meanwhile, already canceled) keeps its status.
 */
export async function abandonOrder(
  deps: { db: Database; now: () => Date },
  workspaceId: string,
  orderId: number,
) {
  const order = await ownOrder(deps.db, orderId, workspaceId);
  if (order.status !== 'pending_payment') return order.status;
  await cancelUnpaidOrder(deps.db, order.id, 'canceled_by_customer', { cause: 'customer', at: deps.now() });
  return 'canceled' as const;
}

/** The status of the customer's payment for a checkout session, or null while there is none. */
export async function paymentStatusOfSession(db: Database, workspaceId: string, sessionId: string) {
  const [row] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.providerSessionId, sessionId), eq(payments.workspaceId, workspaceId)))
    .limit(1);
  return row?.status ?? null;
}
