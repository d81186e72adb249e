import { useId } from 'react';
import { Link } from 'react-router';
import { MAILBOX_SEATS_PER_ADDON } from '../../../domain/constants';
import { BILLED_MONTHLY } from '../../../domain/plan-texts';
import type { Plan } from '../../../domain/plans';
import { buttonClasses } from '../../ui/button';
import { FeatureList } from '../../ui/feature-list';
import { formatCount } from '../content/claims';
import { AddonBox, newOrderHref, PlanCardFrame, PlanPrice } from './plan-parts';

const ADDON_NOTE = `Each additional panel adds ${formatCount(MAILBOX_SEATS_PER_ADDON)} more mailboxes.`;

/** A plan on the landing page (docs/product.md §2, pricing section). */
export function LandingPlanCard({ plan }: { plan: Plan }) {
  const nameId = useId();
  return (
    <PlanCardFrame plan={plan}>
      <h3 id={nameId} className="text-xl font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h3>
      <p className="mt-2 min-h-12 text-sm leading-6 text-slate-600 dark:text-slate-400">{plan.description}</p>
      <div className="mt-6">
        <PlanPrice plan={plan} />
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{BILLED_MONTHLY}</p>
      </div>
      <FeatureList items={plan.features} className="mt-6 flex-1" />
      <div className="mt-8 space-y-6">
        <AddonBox plan={plan} note={ADDON_NOTE} />
        <Link
          to={newOrderHref(plan)}
          aria-describedby={nameId}
          className={buttonClasses({
            variant: plan.popular ? 'primary' : 'outline',
            size: 'lg',
            className: 'w-full',
          })}
        >
          {plan.ctaText}
        </Link>
      </div>
    </PlanCardFrame>
  );
}
