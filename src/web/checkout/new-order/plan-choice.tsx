import { plural } from '../../../domain/format';
import { MOST_POPULAR, mailboxSeatsText } from '../../../domain/plan-texts';
import { PLANS, type Plan, type PlanId } from '../../../domain/plans';
import { Badge } from '../../ui/badge';
import { PlanPrice } from '../../ui/plan-price';
import { RadioCard } from '../../ui/radio-card';
import { choiceCardClasses, legendClasses, radioClasses } from './choice-card';

const panelsText = (n: number) => plural(n, 'admin panel');

function PlanOption({
  plan,
  checked,
  disabled,
  onSelect,
}: {
  plan: Plan;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  const detailsId = `plan-${plan.id}-details`;
  return (
    <RadioCard
      name="plan"
      value={plan.id}
      checked={checked}
      disabled={disabled}
      onSelect={onSelect}
      label={plan.name}
      describedBy={detailsId}
      className={choiceCardClasses}
      radioClassName={radioClasses}
    >
      <div
        id={detailsId}
        className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-4 gap-y-1"
      >
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900 dark:text-white">{plan.name}</span>
            {plan.popular && (
              <Badge tone="brand" className="px-2 py-0.5">
                {MOST_POPULAR}
              </Badge>
            )}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {panelsText(plan.adminPanels)} · {mailboxSeatsText(plan.maxSeats, plan.maxQuantity === null)}
          </p>
        </div>
        <PlanPrice plan={plan} size="small" />
      </div>
    </RadioCard>
  );
}

/** The documented radio choice of plan, each with its price and panels. */
export function PlanChoice({
  value,
  disabled,
  onChange,
}: {
  value: PlanId | null;
  disabled: boolean;
  onChange: (planId: PlanId) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className={`${legendClasses} mb-3`}>Plan</legend>
      {PLANS.map((plan) => (
        <PlanOption
          key={plan.id}
          plan={plan}
          checked={value === plan.id}
          disabled={disabled}
          onSelect={() => onChange(plan.id)}
        />
      ))}
    </fieldset>
  );
}
