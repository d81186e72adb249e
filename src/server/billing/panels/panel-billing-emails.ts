import { plural } from '../../../domain/format';
import type { Config } from '../../config';
import { type EmailContent, renderEmail } from '../../mail/templates';
import type { TxOrDb } from '../../outbox/enqueue';
import { enqueueOrderEmail } from '../../outbox/order-recipients';

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The panels of an order the customer canceled reached their period end: which ones stopped
 * (by their sign-in address, never a credential), and that the rest of the order runs on.
 * One message per order and renewal, however many panels it names.
 */
export function panelsExpiredMessage(
  config: Config,
  orderId: number,
  ended: readonly { email: string }[],
  endedAt: Date,
): EmailContent {
  const one = ended.length === 1;
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `${one ? 'Admin panel' : `${ended.length} admin panels`} ended: order ${orderId}`,
    heading: one ? 'A canceled panel has ended' : 'Your canceled panels have ended',
    paragraphs: [
      `As you asked, ${plural(ended.length, 'admin panel')} of order ${orderId} ${one ? 'was' : 'were'} not renewed and stopped on ${day(endedAt)}: ${ended.map((p) => p.email).join(', ')}.`,
      'The other panels of the order keep running and renew as usual. No refund is due for the time before the end.',
    ],
    action: { label: 'Open your dashboard', url: `${config.publicUrl}/dashboard` },
  });
}

/** Queues panelsExpiredMessage to whom the order's panel news goes, in the caller's transaction. */
export async function enqueuePanelsExpired(
  tx: TxOrDb,
  config: Config,
  orderId: number,
  ended: readonly { email: string }[],
  endedAt: Date,
): Promise<void> {
  if (ended.length === 0) return;
  await enqueueOrderEmail(tx, orderId, 'panels', panelsExpiredMessage(config, orderId, ended, endedAt));
}
