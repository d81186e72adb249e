import { RENEWAL_GRACE_DAYS } from '../../../domain/constants';
import { formatCents, plural } from '../../../domain/format';
import type { Config } from '../../config';
import { type EmailContent, renderEmail } from '../../mail/templates';

const day = (d: Date) => d.toISOString().slice(0, 10);
const billing = (config: Config) => ({ label: 'Open billing', url: `${config.publicUrl}/billing` });

/** How a renewal went through: charged to the card on file, or paid by hand and recorded by an admin. */
const RENEWED = {
  charged: { subject: 'Subscription renewed', heading: 'Your subscription renewed', paid: 'We charged' },
  received: {
    subject: 'Renewal received',
    heading: 'Thank you, your subscription is renewed',
    paid: 'We received your payment of',
  },
} as const;

/**
 * What a renewal's receipt says: the order, the amount, the new period end, and how many panels
 * it paid for when known (docs/decisions/0017).
 */
type RenewedFacts = [config: Config, orderId: number, amountCents: number, periodEnd: Date, panels?: number];

function renewedMessage(
  how: keyof typeof RENEWED,
  ...[config, orderId, amountCents, periodEnd, panels]: RenewedFacts
): EmailContent {
  const { subject, heading, paid } = RENEWED[how];
  const covers = panels === undefined ? '' : ` (${plural(panels, 'panel')})`;
  const active = panels === 1 ? 'Your panel stays' : 'Your panels stay';
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `${subject}: order ${orderId}`,
    heading,
    paragraphs: [
      `${paid} ${formatCents(amountCents)} for order ${orderId}${covers}. ${active} active until ${day(periodEnd)}.`,
    ],
    action: billing(config),
  });
}

export function renewalMessage(...facts: RenewedFacts): EmailContent {
  return renewedMessage('charged', ...facts);
}

export function renewalReceivedMessage(...facts: RenewedFacts): EmailContent {
  return renewedMessage('received', ...facts);
}

export function pastDueMessage(config: Config, orderId: number): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Payment needed for order ${orderId}`,
    heading: 'We could not renew your subscription',
    paragraphs: [
      `The renewal payment for order ${orderId} has not arrived. Your panels stay active for ${plural(RENEWAL_GRACE_DAYS, 'more day')}; after that they are switched off.`,
      'Update your payment method or pay the renewal to keep them.',
    ],
    action: billing(config),
  });
}

export function expiredMessage(config: Config, orderId: number): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Subscription ended: order ${orderId}`,
    heading: 'Your subscription has ended',
    paragraphs: [
      `The admin panels of order ${orderId} are no longer active. You can order new panels at any time.`,
    ],
    action: { label: 'Order panels', url: `${config.publicUrl}/new-order` },
  });
}
