import { formatCentsExact, plural } from '../../../domain/format';

/**
 * What the customer is told once panels joined their order: the sandbox has charged the card
 * already; Stripe charges it moments later, on an invoice of its own, so it is not said to be done.
 */
export function panelsAddedText(
  added: { panels: number; chargedCents: number },
  orderId: number,
  provider: string,
) {
  const charge = provider === 'stripe' ? 'will be charged to your card on file' : 'charged';
  return `${plural(added.panels, 'panel')} joined order #${orderId}; ${formatCentsExact(added.chargedCents)} ${charge}.`;
}
