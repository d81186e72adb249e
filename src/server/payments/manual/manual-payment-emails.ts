import { formatCents, plural } from '../../../domain/format';
import type { ManualMethod } from '../../../domain/payment-details';
import type { Config } from '../../config';
import { type EmailContent, renderEmail } from '../../mail/templates';
import { paymentDetailsLines, referenceLine } from './details-text';

// The e-mails of the bank transfer and crypto cycle (D6, D8) besides the first instructions
// (provisioning/order-emails.ts) and the receipt of a renewal
// (billing/subscriptions/subscription-emails.ts, worded as the card one): the reminder, the
// cancellation of an unpaid order and the renewal invoice. Each is queued in the transaction
// of its change.

const day = (d: Date) => d.toISOString().slice(0, 10);
const instructionsUrl = (config: Config, orderId: number) => `${config.publicUrl}/checkout/manual/${orderId}`;

interface ManualOrder {
  id: number;
  totalCents: number;
  method: ManualMethod;
  /** A renewal: the panels it pays for, when some of the order's were canceled. */
  panels?: number;
}

export function paymentReminderMessage(config: Config, order: ManualOrder, deadline: Date): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Reminder: order ${order.id} is waiting for your payment`,
    heading: 'Your order is waiting for your payment',
    paragraphs: [
      `We have not received the payment of ${formatCents(order.totalCents)} for order ${order.id} yet. Please pay by ${day(deadline)}; an order still unpaid then is canceled.`,
      referenceLine(order.id),
      ...paymentDetailsLines(config, order.method, order.totalCents),
      'Already paid? Then there is nothing to do: transfers can take a few days to arrive.',
    ],
    action: { label: 'See the payment instructions', url: instructionsUrl(config, order.id) },
    footer: `Questions? ${config.brand.supportEmail}`,
  });
}

export function unpaidOrderCanceledMessage(config: Config, orderId: number, days: number): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Order ${orderId} canceled: payment not received`,
    heading: 'We canceled your unpaid order',
    paragraphs: [
      `We did not receive the payment for order ${orderId} within ${days} days, so we canceled it. Nothing is owed.`,
      `If you did pay, reply to this e-mail with the payment's details and we will sort it out.`,
    ],
    action: { label: 'Order panels', url: `${config.publicUrl}/new-order` },
  });
}

/** `creditCents`: a late-delivery credit still pending on the order (docs/product.md §10). */
export function renewalInvoiceMessage(
  config: Config,
  order: ManualOrder,
  dueAt: Date,
  creditCents = 0,
): EmailContent {
  const due = Math.max(0, order.totalCents - creditCents);
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Renewal invoice for order ${order.id}: ${formatCents(due)} due ${day(dueAt)}`,
    heading: 'Your subscription renews soon',
    paragraphs: [
      `The next month of order ${order.id}${order.panels === undefined ? '' : ` (${plural(order.panels, 'panel')})`} costs ${formatCents(order.totalCents)} (USD), due by ${day(dueAt)}. Pay it by then to keep your panels active.`,
      ...(creditCents > 0
        ? [
            `Late-delivery credit: -${formatCents(creditCents)}. Amount due after the credit: ${formatCents(due)}.`,
          ]
        : []),
      referenceLine(order.id),
      ...paymentDetailsLines(config, order.method, due),
      'Once we confirm the payment, your invoice appears on the Billing page.',
    ],
    action: { label: 'See the payment instructions', url: instructionsUrl(config, order.id) },
    footer: `Questions? ${config.brand.supportEmail}`,
  });
}
