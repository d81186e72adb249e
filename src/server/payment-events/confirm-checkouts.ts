import { sql } from 'drizzle-orm';
import { addMonth } from '../../domain/billing-period';
import type { Tx } from '../db/client';
import { orders, payments, processedEvents } from '../db/schema';
import { payOrdersTx } from '../lifecycle/order-moves';
import type { OrderRow } from '../lifecycle/result';
import { paymentRow } from '../payments/confirm';
import type { PaymentEvent, ProviderEvent } from '../payments/events';
import type { EventOutcome } from './process-event';

type CheckoutCompleted = Extract<PaymentEvent, { type: 'checkout.completed' }>;

/** A paid checkout the intake holds: its row, the event, and the moment it was received. */
export interface HeldCheckout {
  rowId: number;
  provider: ProviderEvent['provider'];
  eventId: string;
  event: CheckoutCompleted;
  at: Date;
}

/**
 * Paid checkouts confirmed together, as processProviderEvent confirms one (confirmPaymentTx,
 * then the 'Order confirmed' e-mail), in a few statements for the whole batch instead of a
 * dozen each: a burst of payments is what this is for (bench/allocation). Only the plain case
 * is taken here: an order that exists, waits for its payment and has its account. A checkout
 * with no outcome in the answer is left to the one-event path, which knows every other case.
 * Runs in the caller's transaction; `onPaid` queues the e-mails of the orders it paid.
 */
export async function confirmCheckoutsTx(
  tx: Tx,
  held: readonly HeldCheckout[],
  onPaid: (tx: Tx, orderIds: number[]) => Promise<void>,
): Promise<Map<number, EventOutcome>> {
  const outcomes = new Map<number, EventOutcome>();
  if (held.length === 0) return outcomes;
  const orderIds = [...new Set(held.map((h) => h.event.orderId))].sort((a, b) => a - b);
  // Locked in id order, as every batch locks them, so two batches never wait on each other in a circle.
  const locked = await tx
    .select()
    .from(orders)
    .where(
      sql`${orders.id} in (select value::int from jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb))`,
    )
    .orderBy(orders.id)
    .for('update');
  const byId = new Map<number, OrderRow>(locked.map((o) => [o.id, o]));
  const plain: HeldCheckout[] = [];
  const seen = new Set<number>();
  for (const h of held) {
    const order = byId.get(h.event.orderId);
    // A second event for the same order takes the one-event path, after the first.
    const simple =
      !seen.has(h.event.orderId) &&
      order !== undefined &&
      order.status === 'pending_payment' &&
      order.subscriptionStatus === 'inactive' &&
      order.userId !== null;
    seen.add(h.event.orderId);
    if (simple) plain.push(h);
  }
  if (plain.length === 0) return outcomes;

  const fresh = await tx
    .insert(processedEvents)
    .values(
      plain.map((h) => ({ provider: h.provider, eventId: h.eventId, type: h.event.type, processedAt: h.at })),
    )
    .onConflictDoNothing()
    .returning({ provider: processedEvents.provider, eventId: processedEvents.eventId });
  const freshKeys = new Set(fresh.map((f) => `${f.provider}\u0000${f.eventId}`));
  const toPay = plain.filter((h) => {
    if (freshKeys.has(`${h.provider}\u0000${h.eventId}`)) return true;
    outcomes.set(h.rowId, { result: 'duplicate' });
    return false;
  });
  if (toPay.length === 0) return outcomes;

  const inserted = await tx
    .insert(payments)
    .values(
      toPay.map((h) =>
        paymentRow(
          byId.get(h.event.orderId) as OrderRow,
          {
            amountCents: h.event.amountCents,
            method: h.provider === 'sandbox' ? 'sandbox' : 'card',
            provider: h.provider,
            sessionId: h.event.sessionId,
            chargeId: h.event.chargeId,
          },
          h.at,
        ),
      ),
    )
    .onConflictDoNothing({ target: [payments.provider, payments.providerChargeId] })
    .returning({ orderId: payments.orderId });
  // A charge recorded before (the same payment under another event id) pays nothing twice.
  const charged = new Set(inserted.map((p) => p.orderId));
  const paid = new Set(
    await payOrdersTx(
      tx,
      toPay
        .filter((h) => charged.has(h.event.orderId))
        .map((h) => ({
          orderId: h.event.orderId,
          at: h.at,
          periodEnd: addMonth(h.at),
          customerId: h.event.customerId ?? null,
          subscriptionId: h.event.subscriptionId ?? null,
        })),
    ),
  );
  if (paid.size > 0)
    await onPaid(
      tx,
      [...paid].sort((a, b) => a - b),
    );
  for (const h of toPay) {
    outcomes.set(
      h.rowId,
      paid.has(h.event.orderId) ? { result: 'applied', paidOrderId: h.event.orderId } : { result: 'applied' },
    );
  }
  return outcomes;
}
