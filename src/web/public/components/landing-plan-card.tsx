import { useId } from 'react';
import { MAILBOX_SEATS_PER_ADDON } from '../../../domain/constants';
import { groupDigits } from '../../../domain/format';
import type { Plan } from '../../../domain/plans';
import { FeatureList } from '../../ui/feature-list';
import { PlanCardFrame, PlanOrder, PlanSummary } from './plan-parts';

const ADDON_NOTE = `Each additional panel adds ${groupDigits(MAILBOX_SEATS_PER_ADDON)} more mailboxes.`;

/** A plan on the landing page (docs/product.md §2, pricing section). */
export function LandingPlanCard({ plan }: { plan: Plan }) {
  const nameId = useId();
  return (
    <PlanCardFrame plan={plan}>
      <h3 id={nameId} className="text-xl font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h3>
      <PlanSummary plan={plan} />
      <FeatureList items={plan.features} className="mt-6 flex-1" />
      <PlanOrder plan={plan} nameId={nameId} addonNote={ADDON_NOTE}>
        {plan.ctaText}
      </PlanOrder>
    </PlanCardFrame>
  );
}
