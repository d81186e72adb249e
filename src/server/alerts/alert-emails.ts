import { DELIVERY_HOURS, RENEWAL_GRACE_DAYS } from '../../domain/constants';
import { formatCents, plural } from '../../domain/format';
import type { Config } from '../config';
import { type EmailContent, renderEmail } from '../mail/templates';

/*
 * The operator alerts, one message per event, to every admin who has the kind on
 * (docs/decisions/0008-email-classes-and-operator-alerts.md). Each names what happened and
 * where in the admin console to act on it.
 */

const minute = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const consoleLink = (config: Config, tab?: 'fulfillment' | 'refunds') => ({
  label: 'Open the admin console',
  url: `${config.publicUrl}/admin${tab ? `?tab=${tab}` : ''}`,
});
const alert = (config: Config, input: Omit<Parameters<typeof renderEmail>[0], 'brandName' | 'emailClass'>) =>
  renderEmail({ ...input, brandName: config.brand.name, emailClass: 'operator' });

export function stockShortAlert(
  config: Config,
  backlog: { waitingOrders: number; panelsNeeded: number; panelsShort: number },
): EmailContent {
  const available = backlog.panelsNeeded - backlog.panelsShort;
  return alert(config, {
    subject: `Alert: stock is ${plural(backlog.panelsShort, 'panel')} short`,
    heading: 'Stock is short',
    paragraphs: [
      `${plural(backlog.waitingOrders, 'paid order is', 'paid orders are')} waiting for ${plural(backlog.panelsNeeded, 'panel')}, and only ${plural(available, 'panel is', 'panels are')} available.`,
      `Add or import ${plural(backlog.panelsShort, 'more panel')} so they can be delivered within the ${DELIVERY_HOURS}-hour promise.`,
      'You are told once per shortage: the next alert comes after stock has covered the waiting orders again.',
    ],
    action: consoleLink(config, 'fulfillment'),
  });
}

export interface DueOrder {
  id: number;
  deadline: Date;
  missing: number;
  quantity: number;
}

/** Orders this many are listed one by one; the rest are counted. */
const LISTED = 20;

export function deliveryDueAlert(config: Config, due: DueOrder[]): EmailContent {
  const first = due[0];
  const subject =
    due.length === 1 && first
      ? `Alert: order ${first.id} is due by ${minute(first.deadline)}`
      : `Alert: ${due.length} orders are near their delivery deadline`;
  return alert(config, {
    subject,
    heading: 'Orders near the delivery deadline',
    paragraphs: [
      `These paid orders are within 1 hour of the ${DELIVERY_HOURS}-hour delivery promise (or past it) and still missing panels:`,
      ...due
        .slice(0, LISTED)
        .map(
          (o) =>
            `Order ${o.id}: ${plural(o.missing, 'panel')} of ${o.quantity} missing, due by ${minute(o.deadline)}.`,
        ),
      ...(due.length > LISTED ? [`And ${plural(due.length - LISTED, 'more order')}.`] : []),
    ],
    action: consoleLink(config, 'fulfillment'),
  });
}

export function refundRequestedAlert(
  config: Config,
  request: { orderId: number; customerEmail: string | null; reason: string },
): EmailContent {
  return alert(config, {
    subject: `Alert: refund requested for order ${request.orderId}`,
    heading: 'A customer asks for a refund',
    paragraphs: [
      `${request.customerEmail ?? 'A customer'} asked for the money-back refund of order ${request.orderId}.`,
      `Their reason: ${request.reason}`,
      'Approve or deny it on the Refunds tab.',
    ],
    action: consoleLink(config, 'refunds'),
  });
}

export function manualOrderAlert(
  config: Config,
  order: { id: number; totalCents: number; method: string; customerEmail: string | null; payBy: Date },
): EmailContent {
  const how = order.method === 'crypto' ? 'crypto' : 'bank transfer';
  return alert(config, {
    subject: `Alert: order ${order.id} waits for a ${how} payment`,
    heading: 'An order waits for a payment by hand',
    paragraphs: [
      `${order.customerEmail ?? 'A customer'} placed order ${order.id} for ${formatCents(order.totalCents)}, to be paid by ${how} with the reference "order ${order.id}".`,
      `When the money arrives, mark the order paid in the admin console; its panels are then allocated. Unpaid, it is canceled on ${day(order.payBy)}.`,
    ],
    action: consoleLink(config),
  });
}

export function renewalFailedAlert(
  config: Config,
  order: { id: number; customerEmail: string | null; periodEnd: Date | null },
): EmailContent {
  return alert(config, {
    subject: `Alert: renewal of order ${order.id} failed`,
    heading: 'A renewal was not paid',
    paragraphs: [
      `The renewal of order ${order.id}${order.customerEmail ? ` (${order.customerEmail})` : ''}${order.periodEnd ? ` for the period that ended ${day(order.periodEnd)}` : ''} was not paid, so its subscription is past due.`,
      `Its panels stay active for ${plural(RENEWAL_GRACE_DAYS, 'more day')}; unpaid by then, the subscription expires and the panels are switched off.`,
    ],
    action: consoleLink(config),
  });
}

export function stripeSyncFailedAlert(config: Config, orderIds: readonly number[]): EmailContent {
  const which = orderIds.length === 1 ? `order ${orderIds[0]}` : `orders ${orderIds.join(', ')}`;
  return alert(config, {
    subject: `Alert: Stripe did not take the panel change of ${which}`,
    heading: 'A Stripe subscription was not updated',
    paragraphs: [
      `For a day of retries Stripe refused to set which panels renew on the subscription of ${which}, so Stripe may charge the next renewal for the wrong number of panels.`,
      'The change is queued again and retried; check the subscription in Stripe and the server log for the reason if this alert repeats.',
    ],
    action: consoleLink(config),
  });
}

const ENDED_BY = {
  refunded: 'but the order was refunded: the charge raced the cancellation.',
  expired: 'but the order was no longer subscribed: the charge raced the cancellation.',
  account_deleted: 'but the customer had deleted their account, which canceled the order.',
} as const;

export function paidAfterEndAlert(
  config: Config,
  payment: {
    orderId: number;
    customerEmail: string | null;
    amountCents: number;
    chargeId: string | null;
    why: 'refunded' | 'expired' | 'account_deleted';
  },
): EmailContent {
  const who = payment.customerEmail ? ` (${payment.customerEmail})` : '';
  return alert(config, {
    subject: `Alert: order ${payment.orderId} was charged after it ended`,
    heading: 'A payment for an ended subscription',
    paragraphs: [
      `The payment provider charged ${formatCents(payment.amountCents)} for order ${payment.orderId}${who}${payment.chargeId ? ` (charge ${payment.chargeId})` : ''}, ${ENDED_BY[payment.why]}`,
      'The payment is recorded and no panels were delivered for it. Refund the charge at the payment provider; the refund is then recorded here.',
    ],
    action: consoleLink(config),
  });
}
