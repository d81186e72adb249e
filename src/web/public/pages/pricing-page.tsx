import { PRICING_NOTE } from '../../../domain/plan-texts';
import { PLANS } from '../../../domain/plans';
import { textLinkClasses } from '../../ui/text-link';
import { Faq } from '../components/faq';
import { PageHeader } from '../components/page-header';
import { PageSection } from '../components/page-section';
import { PricingPlanCard } from '../components/pricing-plan-card';
import { RevealGrid } from '../components/reveal-grid';
import { SectionHeading } from '../components/section-heading';
import { LOWEST_MAILBOX_RATE_CENTS, MAX_PANELS } from '../content/claims';
import { PRICING_FAQ } from '../content/faqs';
import { PublicLayout } from '../layout/public-layout';
import { Link } from '../layout/site-navigation';
import type { PageMeta } from '../meta';

export const meta: PageMeta = {
  title: 'Pricing',
  description: `Compare the Basic, Pro and Enterprise plans: 1 to ${MAX_PANELS} admin panels, mailboxes from as low as ${LOWEST_MAILBOX_RATE_CENTS} cents each, billed monthly.`,
};

/** /pricing of docs/product.md §2. */
export default function PricingPage() {
  return (
    <PublicLayout appShellWhenSignedIn>
      <PageHeader eyebrow="Pricing" title="Simple, Transparent Pricing">
        <p>{PRICING_NOTE}</p>
      </PageHeader>
      <section aria-label="Plans" className="pb-20 sm:pb-28">
        <RevealGrid
          items={PLANS}
          className="mx-auto grid max-w-7xl items-stretch gap-8 px-4 pt-6 sm:px-6 lg:grid-cols-3 lg:px-8"
        >
          {(plan) => <PricingPlanCard plan={plan} />}
        </RevealGrid>
      </section>
      <PageSection titleId="pricing-faq-title" band="top" className="py-20 sm:py-24" width="max-w-3xl">
        <SectionHeading id="pricing-faq-title" title="Frequently asked questions" />
        <div className="mt-10">
          <Faq items={PRICING_FAQ} />
        </div>
        <p className="mt-10 text-center text-slate-600 dark:text-slate-400">
          Something else?{' '}
          <Link to="/help" className={textLinkClasses}>
            Visit the Help Center
          </Link>{' '}
          or{' '}
          <Link to="/contact" className={textLinkClasses}>
            contact us
          </Link>
          .
        </p>
      </PageSection>
    </PublicLayout>
  );
}
