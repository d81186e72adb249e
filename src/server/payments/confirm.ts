import { eq } from 'drizzle-orm';
import { addMonth } from '../../domain/billing-period';
import type { Tx } from '../db/client';
import { orders, payments } from '../db/schema';
import { payOrderTx } from '../lifecycle/order-moves';
import type { MoveActor, OrderRow } from '../lifecycle/result';

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
  /** The admin who marked a bank transfer or crypto order paid; absent for a provider's event. */
  admin?: MoveActor;
}

export interface ConfirmResult {
  /** True the first time this charge is confirmed; false for a repeat. */
  newlyPaid: boolean;
  /**
   * The payment recorded for an order whose account was deleted: it stays canceled, nobody
   * is owed panels, and the money has to go back (the caller flags it).
   */
  paidAfterDeletion?: { paymentId: number };
}

export class UnknownOrderError extends Error {
  override name = 'UnknownOrderError';
}

/**
 * The row one confirmed charge writes: it pays for the order's panels for a month from the
 * moment it was confirmed. The one-event path and the batch of paid checkouts both write it.
 */
export function paymentRow(
  order: Pick<OrderRow, 'id' | 'userId' | 'quantity'>,
  charge: Pick<PaymentConfirmation, 'amountCents' | 'method' | 'provider' | 'sessionId' | 'chargeId'>,
  at: Date,
) {
  return {
    orderId: order.id,
    userId: order.userId,
    amountCents: charge.amountCents,
    status: 'completed' as const,
    method: charge.method,
    provider: charge.provider,
    providerSessionId: charge.sessionId,
    providerChargeId: charge.chargeId,
    periodStart: at,
    periodEnd: addMonth(at),
    panelCount: order.quantity,
    createdAt: at,
    updatedAt: at,
  };
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
    .values(paymentRow(order, c, c.now))
    .onConflictDoNothing({ target: [payments.provider, payments.providerChargeId] })
    .returning({ id: payments.id });
  const [payment] = inserted;
  if (!payment) return { newlyPaid: false };

  const paid = await payOrderTx(
    tx,
    order.id,
    {
      cause: c.admin ? 'admin' : 'provider',
      at: c.now,
      ...(c.admin
        ? {
            audit: {
              actor: c.admin,
              details: { amountCents: order.totalCents, method: order.paymentMethod },
            },
          }
        : {}),
    },
    (current) => ({
      currentPeriodStart: c.now,
      currentPeriodEnd: addMonth(c.now),
      providerCustomerId: c.customerId ?? current.providerCustomerId,
      providerSubscriptionId: c.subscriptionId ?? current.providerSubscriptionId,
    }),
  );
  if (paid.ok) return { newlyPaid: true };
  if (paid.reason === 'account_deleted')
    return { newlyPaid: false, paidAfterDeletion: { paymentId: payment.id } };
  return { newlyPaid: false };
}
