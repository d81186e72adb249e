import { formatCents } from '../../../../domain/format';
import { LOWEST_PRICE_CENTS, SEATS_PER_PANEL_TEXT } from '../../content/claims';
import { PublicLayout } from '../../layout/public-layout';
import type { PageMeta } from '../../meta';
import { CtaSection } from './cta-section';
import { FeaturesSection } from './features-section';
import { Hero } from './hero';
import { PricingSection } from './pricing-section';

export const meta: PageMeta = {
  title: 'Hosted Mailbox Admin Panels',
  description: `Admin panels for hosted mailboxes: up to ${SEATS_PER_PANEL_TEXT} mailboxes per panel, unlimited users, from ${formatCents(LOWEST_PRICE_CENTS)} a month with no hidden fees.`,
};

/** The landing page of docs/product.md §2. */
export default function LandingPage() {
  return (
    <PublicLayout>
      <Hero />
      <FeaturesSection />
      <PricingSection />
      <CtaSection />
    </PublicLayout>
  );
}
