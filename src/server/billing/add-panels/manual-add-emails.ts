import { formatCents, plural } from '../../../domain/format';
import type { ManualMethod } from '../../../domain/payment-details';
import type { Config } from '../../config';
import { type EmailContent, renderEmail } from '../../mail/templates';
import { paymentDetailsLines } from '../../payments/manual/details-text';

// The two e-mails of panels added to a bank transfer or crypto subscription
// (docs/decisions/0018-adding-panels.md): the invoice with the instructions when asked, and the
// receipt when an admin recorded the money and the panels were given. Each is queued in the
// transaction of its change.

export interface PanelAdditionFacts {
  orderId: number;
  panels: number;
  amountCents: number;
  daysLeft: number;
  periodDays: number;
  renewsAt: Date;
  renewalCents: number;
  method: ManualMethod;
  reference: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The invoice of the added panels: what to pay, by when, where, and with which reference. */
export function panelAdditionInvoiceMessage(
  config: Config,
  facts: PanelAdditionFacts,
  expiresAt: Date,
): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Invoice for ${plural(facts.panels, 'admin panel')} added to order ${facts.orderId}: ${formatCents(facts.amountCents)} due ${day(expiresAt)}`,
    heading: 'Pay to add your panels',
    paragraphs: [
      `${plural(facts.panels, 'admin panel')} can join order ${facts.orderId} until its renewal on ${day(facts.renewsAt)}: ${formatCents(facts.amountCents)} for the ${plural(facts.daysLeft, 'day')} left of this ${facts.periodDays}-day period.`,
      `Please pay by ${day(expiresAt)}. We add the panels once the payment arrives; a request unpaid by then lapses and nothing is owed.`,
      `Reference: ${facts.reference} — include it with your payment so we can match it.`,
      ...paymentDetailsLines(config, facts.method, facts.amountCents),
      `From ${day(facts.renewsAt)} the subscription renews with every panel for ${formatCents(facts.renewalCents)}.`,
    ],
    action: { label: 'See it on the Billing page', url: `${config.publicUrl}/billing` },
    footer: `Questions? ${config.brand.supportEmail}`,
  });
}

/** The receipt once the payment was recorded: the panels are the customer's until the renewal. */
export function panelAdditionPaidMessage(config: Config, facts: PanelAdditionFacts): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Payment received: ${plural(facts.panels, 'admin panel')} added to order ${facts.orderId}`,
    heading: 'Your panels were added',
    paragraphs: [
      `We received ${formatCents(facts.amountCents)} (reference ${facts.reference}), and ${plural(facts.panels, 'admin panel')} joined order ${facts.orderId}.`,
      `On ${day(facts.renewsAt)} the subscription renews with every panel for ${formatCents(facts.renewalCents)}.`,
      'The invoice is on the Billing page.',
    ],
    action: { label: 'Open your dashboard', url: `${config.publicUrl}/dashboard` },
  });
}
