import { plural } from '../../domain/format';
import { getPlan } from '../../domain/plans';
import { formatCents } from '../../domain/pricing';
import type { Config } from '../config';
import { type EmailContent, renderEmail } from '../mail/templates';

export interface OrderSummary {
  id: number;
  planId: string;
  quantity: number;
  totalCents: number;
}

const planName = (planId: string) => getPlan(planId as Parameters<typeof getPlan>[0])?.name ?? planId;

export function orderConfirmationMessage(config: Config, order: OrderSummary): EmailContent {
  return renderEmail({
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
  order: OrderSummary,
  method: 'crypto' | 'bank_transfer',
): EmailContent {
  const how =
    method === 'bank_transfer'
      ? 'Pay by bank transfer. Reply to this email for our bank details if you do not have them yet.'
      : 'Pay in Bitcoin, Ethereum or another cryptocurrency. Reply to this email and we will send the wallet address and the exact amount at today’s rate.';
  return renderEmail({
    brandName: config.brand.name,
    subject: `Payment instructions for order ${order.id}`,
    heading: 'How to pay for your order',
    paragraphs: [
      `Amount: ${formatCents(order.totalCents)} (USD)`,
      `Reference: order ${order.id} — include it with your payment so we can match it.`,
      how,
      'Your panels are allocated as soon as we confirm the payment.',
    ],
    footer: `Questions? ${config.brand.supportEmail}`,
  });
}
