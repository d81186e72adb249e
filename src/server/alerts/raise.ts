import { eq } from 'drizzle-orm';
import type { AlertKind } from '../../domain/email-preferences';
import type { Config } from '../config';
import { operatorAlerts, user } from '../db/schema';
import type { EmailContent } from '../mail/templates';
import { enqueueEmails, type TxOrDb } from '../outbox/enqueue';
import { ordersWithCustomer } from '../outbox/order-recipients';
import { paymentDeadline } from '../payments/manual/details';
import {
  manualOrderAlert,
  paidAfterEndAlert,
  refundRequestedAlert,
  renewalFailedAlert,
} from './alert-emails';

/**
 * Records alert events and e-mails every admin about the new ones, in the caller's
 * transaction (docs/decisions/0008-email-classes-and-operator-alerts.md). The unique
 * (kind, key) makes each event alert once: a key already recorded (another sweep, a
 * redelivered webhook, a second request) is skipped, and the message is built only for keys
 * that are new. An admin who turned the kind off is left out when the mail is queued
 * (outbox/enqueue.ts). Returns the new keys; call the outbox's kick() after the commit.
 */
export async function raiseAlerts(
  tx: TxOrDb,
  kind: AlertKind,
  keys: string[],
  message: (fresh: string[]) => Promise<EmailContent> | EmailContent,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const inserted = await tx
    .insert(operatorAlerts)
    .values(keys.map((key) => ({ kind, key })))
    .onConflictDoNothing()
    .returning({ key: operatorAlerts.key });
  const fresh = inserted.map((r) => r.key);
  if (fresh.length === 0) return [];
  const admins = await tx.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
  const content = await message(fresh);
  await enqueueEmails(
    tx,
    admins.map((admin) => ({ to: admin.email, ...content, alert: kind })),
  );
  return fresh;
}

/** The address of an order's customer; null once the account is gone. */
async function customerEmailOf(tx: TxOrDb, orderId: number): Promise<string | null> {
  const [order] = await ordersWithCustomer(tx, [orderId]);
  return order?.customerEmail ?? null;
}

/** A customer asked for a refund (in requestRefund's transaction). */
export async function alertRefundRequested(
  tx: TxOrDb,
  config: Config,
  request: { id: number; orderId: number; reason: string },
) {
  await raiseAlerts(tx, 'refund_requested', [String(request.id)], async () =>
    refundRequestedAlert(config, {
      orderId: request.orderId,
      customerEmail: await customerEmailOf(tx, request.orderId),
      reason: request.reason,
    }),
  );
}

/** A bank transfer or crypto order now waits for its payment (in the checkout's transaction). */
export async function alertManualOrder(tx: TxOrDb, config: Config, orderId: number) {
  await raiseAlerts(tx, 'manual_order_waiting', [String(orderId)], async () => {
    const [order] = await ordersWithCustomer(tx, [orderId]);
    if (!order) throw new Error(`order ${orderId} vanished inside its own checkout`);
    return manualOrderAlert(config, {
      id: order.id,
      totalCents: order.totalCents,
      method: order.paymentMethod,
      customerEmail: order.customerEmail,
      payBy: paymentDeadline(config, order.createdAt),
    });
  });
}

/**
 * Renewals recorded as failed: subscriptions that just went past due, from the subscription
 * sweep or the provider's invoice.payment_failed. One event per order and period, so the
 * next period's failure alerts again. One message per order.
 */
export async function alertRenewalsFailed(tx: TxOrDb, config: Config, orderIds: number[]) {
  if (orderIds.length === 0) return;
  for (const order of await ordersWithCustomer(tx, orderIds)) {
    const period = order.currentPeriodEnd?.toISOString() ?? 'none';
    await raiseAlerts(tx, 'renewal_failed', [`${order.id}:${period}`], () =>
      renewalFailedAlert(config, {
        id: order.id,
        customerEmail: order.customerEmail,
        periodEnd: order.currentPeriodEnd,
      }),
    );
  }
}

export type PaidAfterEndWhy = 'refunded' | 'expired' | 'account_deleted';

export interface PaidAfterEnd {
  id: number;
  orderId: number;
  amountCents: number;
  chargeId: string | null;
  why: PaidAfterEndWhy;
}

/**
 * A renewal charged after its order was refunded or its subscription had expired (the
 * provider's invoice raced our cancellation), or any charge for an order whose account was
 * deleted: the money is real and recorded, nobody gets panels for it, so an admin must refund
 * it. One event per payment.
 */
export async function alertPaidAfterEnd(tx: TxOrDb, config: Config, payment: PaidAfterEnd) {
  await raiseAlerts(tx, 'paid_after_end', [String(payment.id)], async () =>
    paidAfterEndAlert(config, {
      orderId: payment.orderId,
      customerEmail: await customerEmailOf(tx, payment.orderId),
      amountCents: payment.amountCents,
      chargeId: payment.chargeId,
      why: payment.why,
    }),
  );
}
