import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orders, payments } from '../db/schema';
import { emitOrderEvent } from '../webhooks/emit';

export interface PaymentConfirmation {
  orderId: number;
  provider: 'sandbox' | 'stripe' | 'manual';
  chargeId: string;
  sessionId: string | null;
  amountCents: number;
  method: 'card' | 'crypto' | 'bank_transfer' | 'sandbox';
  customerId?: string | null;
  subscriptionId?: string | null;
  now: Date;
}

export interface ConfirmResult {
  /** True the first time this charge is confirmed; false for a repeat. */
  newlyPaid: boolean;
}

export class UnknownOrderError extends Error {
  override name = 'UnknownOrderError';
}

function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * The one confirmation path for every provider (D5-D7): the order becomes paid, its
 * subscription period starts and one payment row (one invoice, numbered as the transaction
 * commits: schema.ts `invoiceNumber`) is written per charge. The caller queues the 'Order
 * confirmed' e-mail in the same transaction when newlyPaid; allocation follows
 * (fillWaitingOrders) from the committed state. Safe to call again for the same charge:
 * the second call changes nothing.
 */
export async function confirmPaymentTx(tx: Tx, c: PaymentConfirmation): Promise<ConfirmResult> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, c.orderId)).for('update');
  if (!order) throw new UnknownOrderError(`Order ${c.orderId} does not exist.`);

  const inserted = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      userId: order.userId,
      amountCents: c.amountCents,
      status: 'completed',
      method: c.method,
      provider: c.provider,
      providerSessionId: c.sessionId,
      providerChargeId: c.chargeId,
      periodStart: c.now,
      periodEnd: addMonth(c.now),
      createdAt: c.now,
      updatedAt: c.now,
    })
    .onConflictDoNothing({ target: [payments.provider, payments.providerChargeId] })
    .returning({ id: payments.id });
  if (inserted.length === 0) return { newlyPaid: false };

  // A checkout canceled in one tab and paid in another was still paid: honour the payment.
  if (order.status === 'pending_payment' || order.status === 'canceled') {
    await tx
      .update(orders)
      .set({
        status: 'paid',
        paidAt: c.now,
        canceledAt: null,
        cancelReason: null,
        subscriptionStatus: 'active',
        currentPeriodStart: c.now,
        currentPeriodEnd: addMonth(c.now),
        providerCustomerId: c.customerId ?? order.providerCustomerId,
        providerSubscriptionId: c.subscriptionId ?? order.providerSubscriptionId,
        updatedAt: c.now,
      })
      .where(and(eq(orders.id, order.id)));
    await emitOrderEvent(tx, 'order.paid', order.id, c.now);
    return { newlyPaid: true };
  }
  return { newlyPaid: false };
}

export { addMonth };
