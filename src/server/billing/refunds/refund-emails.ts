import { formatCents } from '../../../domain/format';
import type { Config } from '../../config';
import { type EmailContent, renderEmail } from '../../mail/templates';

const billing = (config: Config) => ({ label: 'Open billing', url: `${config.publicUrl}/billing` });

export function refundDecisionMessage(
  config: Config,
  orderId: number,
  approved: boolean,
  amountCents: number,
  note?: string,
): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: approved ? `Refund approved for order ${orderId}` : `Refund request for order ${orderId}`,
    heading: approved ? 'Your refund is on its way' : 'About your refund request',
    paragraphs: approved
      ? [
          `We refunded ${formatCents(amountCents)} for order ${orderId}. Depending on your bank it takes 5 to 10 business days to appear.`,
          'The order’s admin panels have been switched off.',
        ]
      : [
          `We could not approve the refund for order ${orderId}.`,
          ...(note ? [note] : []),
          `Questions? ${config.brand.supportEmail}`,
        ],
    action: billing(config),
  });
}
