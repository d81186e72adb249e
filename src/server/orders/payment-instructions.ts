import { renewalDue } from '../../domain/manual-renewal';
import { isManualMethod, type PaymentInstructions, paymentReference } from '../../domain/payment-details';
import { getPlan, isPlanId } from '../../domain/plans';
import { orderRenewalCents } from '../../domain/pricing';
import type { Config } from '../config';
import { pendingCreditCents } from '../credits/grant';
import type { Database } from '../db/client';
import type { orders } from '../db/schema';
import { conflict } from '../http/errors';
import { renewingPanels } from '../lifecycle/renewing';
import { detailsFor, paymentDeadline } from '../payments/manual/details';
import { ownOrder } from './own-order';

type OrderRow = typeof orders.$inferSelect;

/** What the order owes now: its first payment, or a manual subscription's renewal. */
function dueOf(
  config: Config,
  order: OrderRow,
  now: Date,
  creditCents: number,
  renewalCents: number,
): PaymentInstructions['due'] {
  const reference = paymentReference(order.id);
  if (order.status === 'pending_payment') {
    const dueAt = paymentDeadline(config, order.createdAt).toISOString();
    return { kind: 'first_payment', amountCents: order.totalCents, reference, dueAt };
  }
  const renewal = renewalDue(order, now);
  return renewal
    ? {
        kind: 'renewal',
        // A pending late-delivery credit is taken off, as the renewal invoice says (§10).
        amountCents: Math.max(0, renewalCents - creditCents),
        reference,
        dueAt: renewal.dueAt.toISOString(),
      }
    : null;
}

/**
 * The instructions page's facts for one of the customer's bank transfer or crypto orders
 * (D6): the amount, the reference, the date to pay by and where to send the money, while
 * something is due. Another customer's order is a 404 (ownOrder); a card order has no
 * instructions (409).
 */
export async function paymentInstructions(
  db: Database,
  config: Config,
  orderId: number,
  workspaceId: string,
  now: Date,
): Promise<PaymentInstructions> {
  const order = await ownOrder(db, orderId, workspaceId);
  const method = order.paymentMethod;
  if (order.provider !== 'manual' || !isManualMethod(method)) {
    throw conflict('This order is not paid by bank transfer or crypto.', 'not_manual');
  }
  const creditCents = order.status === 'pending_payment' ? 0 : await pendingCreditCents(db, order.id);
  // The panels that renew, at their price (docs/decisions/0017): canceled ones are not billed.
  const renewalCents =
    order.status === 'pending_payment'
      ? order.totalCents
      : orderRenewalCents(order, await renewingPanels(db, order));
  const due = dueOf(config, order, now, creditCents, renewalCents);
  const details = due ? detailsFor(config, method) : { bank: null, wallets: [], example: false };
  return {
    orderId: order.id,
    method,
    status: order.status,
    cancelReason: order.cancelReason,
    canceledAt: order.canceledAt?.toISOString() ?? null,
    planName: isPlanId(order.planId) ? getPlan(order.planId).name : order.planId,
    quantity: order.quantity,
    due,
    ...details,
    cancelable: order.status === 'pending_payment',
  };
}
