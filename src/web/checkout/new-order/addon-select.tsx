import { ADDON_SELECT_MAX_UNLIMITED, MAILBOX_SEATS_PER_ADDON } from '../../../domain/constants';
import { formatCents } from '../../../domain/format';
import { getPlan, type PlanId } from '../../../domain/plans';
import { addonSelectOptions } from '../../../domain/pricing';
import { cn } from '../../ui/cn';
import { fieldControlClasses } from '../../ui/input';
import { legendClasses } from './choice-card';

function hintFor(planId: PlanId | null): string {
  if (!planId) return 'Choose a plan first.';
  const plan = getPlan(planId);
  const limit =
    plan.addonLimit === null
      ? `Need more than ${ADDON_SELECT_MAX_UNLIMITED}? Contact support.`
      : `The ${plan.name} plan allows up to ${plan.addonLimit}.`;
  const seats = MAILBOX_SEATS_PER_ADDON.toLocaleString('en-US');
  return `${formatCents(plan.addonCostCents)}/month each; every panel adds ${seats} mailbox seats. ${limit}`;
}

/** The additional-panels select: 0-4 for basic, 0-20 for pro, 0-30 for enterprise (D4). */
export function AddonSelect({
  planId,
  value,
  disabled,
  onChange,
}: {
  planId: PlanId | null;
  value: number;
  disabled: boolean;
  onChange: (count: number) => void;
}) {
  const options = planId ? addonSelectOptions(planId) : [0];
  return (
    <div>
      {/* Styled as a section heading, like the Plan and Payment method legends beside it. */}
      <label htmlFor="additional-panels" className={`${legendClasses} block`}>
        Additional panels
      </label>
      <select
        id="additional-panels"
        value={value}
        disabled={disabled || !planId}
        aria-describedby="additional-panels-hint"
        onChange={(event) => onChange(Number(event.target.value))}
        className={cn(fieldControlClasses, 'mt-3 max-w-40 disabled:opacity-60')}
      >
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <p id="additional-panels-hint" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {hintFor(planId)}
      </p>
    </div>
  );
}
