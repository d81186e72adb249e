import type { ReactNode } from 'react';
import { formatCents, plural } from '../../../domain/format';
import { BILLED_MONTHLY, MOST_POPULAR } from '../../../domain/plan-texts';
import type { Plan } from '../../../domain/plans';
import { Badge } from '../../ui/badge';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { PlanPrice } from '../../ui/plan-price';
import { Link } from '../layout/site-navigation';

// Pieces shared by the landing page's plan cards and the /pricing cards. Every figure comes
// from the plan catalog (src/domain/plans.ts); no page types a price.

export function newOrderHref(plan: Plan): string {
  return `/new-order?plan=${plan.id}`;
}

export function panelCountText(plan: Plan): string {
  return plural(plan.adminPanels, 'admin panel');
}

/** The card frame; the popular plan (pro) is highlighted and carries the 'Most Popular' badge. */
export function PlanCardFrame({ plan, children }: { plan: Plan; children: ReactNode }) {
  return (
    <Card
      className={cn(
        'relative flex h-full flex-col p-6 sm:p-8',
        plan.popular &&
          'border-brand-600 shadow-xl ring-2 shadow-brand-600/10 ring-brand-600 lg:-my-4 lg:py-12 dark:border-indigo-400 dark:ring-indigo-400',
      )}
    >
      {plan.popular && (
        <Badge tone="brand" className="absolute -top-3.5 left-1/2 -translate-x-1/2 px-4 py-1.5 shadow-sm">
          {MOST_POPULAR}
        </Badge>
      )}
      {children}
    </Card>
  );
}

export function AddonBox({ plan, note }: { plan: Plan; note: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
      <p className="font-semibold text-slate-900 dark:text-white">
        Add-on panels: {formatCents(plan.addonCostCents)}/month each
      </p>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{note}</p>
    </div>
  );
}

/** Under the plan's name: what it is for, its price and how it is billed, then any more figures. */
export function PlanSummary({ plan, children }: { plan: Plan; children?: ReactNode }) {
  return (
    <>
      <p className="mt-2 min-h-12 text-sm leading-6 text-slate-600 dark:text-slate-400">{plan.description}</p>
      <div className="mt-6">
        <PlanPrice plan={plan} />
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{BILLED_MONTHLY}</p>
        {children}
      </div>
    </>
  );
}

/** The card's foot: the add-on price, then the link to order the plan, described by its name. */
export function PlanOrder({
  plan,
  nameId,
  addonNote,
  children,
}: {
  plan: Plan;
  nameId: string;
  addonNote: string;
  children: ReactNode;
}) {
  return (
    <div className="mt-8 space-y-6">
      <AddonBox plan={plan} note={addonNote} />
      <Link
        to={newOrderHref(plan)}
        aria-describedby={nameId}
        className={buttonClasses({
          variant: plan.popular ? 'primary' : 'outline',
          size: 'lg',
          className: 'w-full',
        })}
      >
        {children}
      </Link>
    </div>
  );
}
