import { formatCents, plural } from '../../../domain/format';
import type { Config } from '../../config';
import { type EmailContent, renderEmail } from '../../mail/templates';

export interface PanelsAddedFacts {
  orderId: number;
  panels: number;
  chargedCents: number;
  daysLeft: number;
  periodDays: number;
  renewsAt: Date;
  renewalCents: number;
  /** Stripe charges the card on file with an invoice of its own, moments after. */
  invoicedByStripe?: boolean;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The receipt of panels added to a running subscription: what was charged now, and what renews. */
export function panelsAddedMessage(config: Config, facts: PanelsAddedFacts): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: `${plural(facts.panels, 'admin panel')} added to order ${facts.orderId}`,
    heading: 'Your panels were added',
    paragraphs: [
      `${plural(facts.panels, 'admin panel')} joined order ${facts.orderId}. ${facts.invoicedByStripe ? 'Your card on file is charged' : 'We charged'} ${formatCents(facts.chargedCents)} for the ${plural(facts.daysLeft, 'day')} left of this ${facts.periodDays}-day period${facts.invoicedByStripe ? ', on an invoice of its own' : ''}.`,
      `On ${day(facts.renewsAt)} the subscription renews with every panel for ${formatCents(facts.renewalCents)}.`,
    ],
    action: { label: 'Open your dashboard', url: `${config.publicUrl}/dashboard` },
  });
}
