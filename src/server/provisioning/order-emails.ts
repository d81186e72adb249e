import { plural } from '../../domain/format';
import { getPlan } from '../../domain/plans';
import { formatCents } from '../../domain/pricing';
import type { Config } from '../config';
import { type EmailContent, renderEmail } from '../mail/templates';
import { paymentDeadline } from '../payments/manual/details';
import { paymentDetailsLines, referenceLine } from '../payments/manual/details-text';

const day = (d: Date) => d.toISOString().slice(0, 10);

export interface OrderSummary {
  id: number;
  planId: string;
  quantity: number;
  totalCents: number;
}

const planName = (planId: string) => getPlan(planId as Parameters<typeof getPlan>[0])?.name ?? planId;

export function orderConfirmationMessage(config: Config, order: OrderSummary): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Order ${order.id} confirmed`,
    heading: 'Thank you for your order',
    paragraphs: [
      `We received your payment of ${formatCents(order.totalCents)} for the ${planName(order.planId)} plan (${plural(order.quantity, 'admin panel')}, billed monthly).`,
      'Your panels are being set up now. Delivery takes up to 6 hours; we will email you as soon as they are ready.',
    ],
    action: { label: 'Go to your dashboard', url: `${config.publicUrl}/dashboard` },
  });
}

export function panelsReadyMessage(config: Config, order: OrderSummary): EmailContent {
  const one = order.quantity === 1;
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Your ${plural(order.quantity, 'admin panel is', 'admin panels are')} ready`,
    heading: one ? 'Your admin panel is ready' : 'Your admin panels are ready',
    paragraphs: [
      one
        ? `The admin panel of order ${order.id} is active. Sign in to see its credentials; it holds up to 2,000 mailboxes.`
        : `All ${order.quantity} admin panels of order ${order.id} are active. Sign in to see their credentials; each panel holds up to 2,000 mailboxes.`,
    ],
    action: { label: 'See your panels', url: `${config.publicUrl}/dashboard` },
  });
}

export function paymentInstructionsMessage(
  config: Config,
  order: OrderSummary & { createdAt: Date },
  method: 'crypto' | 'bank_transfer',
): EmailContent {
  const deadline = paymentDeadline(config, order.createdAt);
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `Payment instructions for order ${order.id}`,
    heading: 'How to pay for your order',
    paragraphs: [
      `Amount: ${formatCents(order.totalCents)} (USD)`,
      referenceLine(order.id),
      ...paymentDetailsLines(config, method, order.totalCents),
      `Please pay by ${day(deadline)}; an order still unpaid then is canceled.`,
      'Your panels are allocated as soon as we confirm the payment.',
    ],
    action: { label: 'See the payment instructions', url: `${config.publicUrl}/checkout/manual/${order.id}` },
    footer: `Questions? ${config.brand.supportEmail}`,
  });
}
