import { PRICING_NOTE } from '../../../../domain/plan-texts';
import { PLANS } from '../../../../domain/plans';
import { ArrowRight } from '../../../lib/icons/arrow-right';
import { LandingPlanCard } from '../../components/landing-plan-card';
import { PageSection } from '../../components/page-section';
import { Reveal } from '../../components/reveal';
import { RevealGrid } from '../../components/reveal-grid';
import { SectionHeading } from '../../components/section-heading';
import { Link } from '../../layout/site-navigation';

export function PricingSection() {
  return (
    <PageSection titleId="plans-title" band="both" className="py-20 sm:py-28" width="max-w-7xl">
      <Reveal>
        <SectionHeading id="plans-title" eyebrow="Pricing" title="Choose Your Plan">
          {PRICING_NOTE}
        </SectionHeading>
      </Reveal>
      <RevealGrid items={PLANS} className="mt-16 grid items-stretch gap-8 lg:grid-cols-3">
        {(plan) => <LandingPlanCard plan={plan} />}
      </RevealGrid>
      <p className="mt-12 text-center">
        <Link
          to="/pricing"
          className="inline-flex items-center gap-2 rounded-md font-semibold text-brand-700 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-indigo-300 dark:hover:text-indigo-200"
        >
          View detailed comparison of all plans
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </p>
    </PageSection>
  );
}
