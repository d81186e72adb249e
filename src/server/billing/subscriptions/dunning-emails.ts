import { formatCents } from '../../../domain/format';
import type { ManualMethod } from '../../../domain/payment-details';
import type { Config } from '../../config';
import { type EmailContent, renderEmail } from '../../mail/templates';
import { paymentDetailsLines, referenceLine } from '../../payments/manual/details-text';

// The e-mails of dunning (docs/decisions/0019-dunning.md): a card retry that declined, and
// the reminders of a bank transfer or crypto renewal still unpaid. Class 'order': they are
// about a purchase, and follow the customer's 'Order Updates' choice like the past-due one.

const day = (d: Date) => d.toISOString().slice(0, 10);
const billing = (config: Config) => ({ label: 'Open billing', url: `${config.publicUrl}/billing` });

export interface RetryDeclined {
  orderId: number;
  amountCents: number;
  attempt: number;
  of: number;
  /** The next retry, or null after the last one. */
  nextRetryAt: Date | null;
  expiresAt: Date;
}

export function retryDeclinedMessage(config: Config, retry: RetryDeclined): EmailContent {
  const next = retry.nextRetryAt
    ? `We will try again on ${day(retry.nextRetryAt)}.`
    : 'That was our last try.';
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Payment declined again for order ${retry.orderId}`,
    heading: 'Your card was declined again',
    paragraphs: [
      `We tried to charge ${formatCents(retry.amountCents)} for order ${retry.orderId} again (try ${retry.attempt} of ${retry.of}) and your card was declined. ${next}`,
      `Unless the renewal is paid, your panels are switched off on ${day(retry.expiresAt)}. Update your payment method or pay now on the Billing page.`,
    ],
    action: billing(config),
  });
}

export interface RenewalReminder {
  orderId: number;
  amountCents: number;
  method: ManualMethod;
  /** The renewal day itself, or a later reminder. */
  first: boolean;
  expiresAt: Date;
}

export function renewalReminderMessage(config: Config, reminder: RenewalReminder): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: reminder.first
      ? `Renewal due today for order ${reminder.orderId}`
      : `Reminder: the renewal of order ${reminder.orderId} is unpaid`,
    heading: reminder.first ? 'Your renewal is due today' : 'Your renewal is still unpaid',
    paragraphs: [
      `We have not received the renewal payment of ${formatCents(reminder.amountCents)} for order ${reminder.orderId}. Your panels stay active until ${day(reminder.expiresAt)}; unpaid by then, they are switched off.`,
      referenceLine(reminder.orderId),
      ...paymentDetailsLines(config, reminder.method, reminder.amountCents),
      'Already paid? Then there is nothing to do: transfers can take a few days to arrive.',
    ],
    action: {
      label: 'See the payment instructions',
      url: `${config.publicUrl}/checkout/manual/${reminder.orderId}`,
    },
    footer: `Questions? ${config.brand.supportEmail}`,
  });
}
