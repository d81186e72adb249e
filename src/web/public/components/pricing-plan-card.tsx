import { useId } from 'react';
import { ADDON_CAPACITY_NOTE, mailboxRateText, mailboxSeatsText } from '../../../domain/plan-texts';
import type { Plan } from '../../../domain/plans';
import { LayoutGrid } from '../../lib/icons/layout-grid';
import { Users } from '../../lib/icons/users';
import { FeatureList } from '../../ui/feature-list';
import { PlanCardFrame, PlanOrder, PlanSummary, panelCountText } from './plan-parts';

/** A plan on /pricing (docs/product.md §2): rate per mailbox, panels, seats, add-on price, features. */
export function PricingPlanCard({ plan }: { plan: Plan }) {
  const nameId = useId();
  const seats = mailboxSeatsText(plan.maxSeats, plan.maxQuantity === null);
  const panels = panelCountText(plan);
  // The catalog's feature list opens with the panel count and seats, which this card already
  // states above it; repeating them would read as padding.
  const features = plan.features.filter((f) => f !== panels && f !== seats);
  return (
    <PlanCardFrame plan={plan}>
      <h2 id={nameId} className="text-2xl font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h2>
      <PlanSummary plan={plan}>
        <p className="mt-3 text-sm font-semibold text-brand-700 dark:text-indigo-300">
          {mailboxRateText(plan.mailboxRateCents)}
        </p>
      </PlanSummary>
      <ul className="mt-6 space-y-3 border-y border-slate-200 py-5 text-sm font-medium text-slate-900 dark:border-slate-800 dark:text-white">
        <li className="flex items-center gap-3">
          <LayoutGrid className="h-5 w-5 shrink-0 text-brand-600 dark:text-indigo-400" aria-hidden="true" />
          {panels}
        </li>
        <li className="flex items-center gap-3">
          <Users className="h-5 w-5 shrink-0 text-brand-600 dark:text-indigo-400" aria-hidden="true" />
          {seats}
        </li>
      </ul>
      <FeatureList items={features} className="mt-6 flex-1" />
      <PlanOrder plan={plan} nameId={nameId} addonNote={ADDON_CAPACITY_NOTE}>
        Subscribe Now
      </PlanOrder>
    </PlanCardFrame>
  );
}
