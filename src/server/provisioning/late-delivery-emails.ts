import { DELIVERY_HOURS } from '../../domain/constants';
import { formatCents } from '../../domain/format';
import type { Config } from '../config';
import { type EmailContent, renderEmail } from '../mail/templates';
import type { OrderSummary } from './order-emails';

/** "7 h 12 min": how long a late delivery took, as the e-mail says it. */
function hoursAndMinutes(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * The apology for a broken delivery promise: `deliveredAfterMs` is how long the delivery took,
 * or null while the order still waits for panels; `credit` is the renewal credit granted with it.
 */
export function lateDeliveryMessage(
  config: Config,
  order: OrderSummary,
  deliveredAfterMs: number | null,
  credit?: { amountCents: number; percent: number },
): EmailContent {
  const waiting = deliveredAfterMs === null;
  const creditLine = credit
    ? [`We have credited ${credit.percent}% (${formatCents(credit.amountCents)}) to your next renewal.`]
    : [];
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: waiting
      ? `Order ${order.id} is taking longer than ${DELIVERY_HOURS} hours: we are sorry`
      : `Order ${order.id} arrived late: we are sorry`,
    heading: 'We are sorry for the wait',
    paragraphs: waiting
      ? [
          `We promise delivery within ${DELIVERY_HOURS} hours of payment, and order ${order.id} has not been fully delivered in that time.`,
          'It is waiting for new panels. Stock goes to the oldest payment first, and your dashboard shows your place in the queue and every panel as it arrives. We will e-mail you as soon as the order is complete.',
          ...creditLine,
        ]
      : [
          `We promise delivery within ${DELIVERY_HOURS} hours of payment, and the panels of order ${order.id} took ${hoursAndMinutes(deliveredAfterMs)}.`,
          'They are active now. Thank you for your patience; we are working to make sure it does not happen again.',
          ...creditLine,
        ],
    action: { label: 'Go to your dashboard', url: `${config.publicUrl}/dashboard` },
    footer: `Questions? ${config.brand.supportEmail}`,
  });
}
