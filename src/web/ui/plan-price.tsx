import { formatCents } from '../../domain/format';
import type { Plan } from '../../domain/plans';
import { cn } from './cn';

const SIZES = {
  /** The plan cards of the landing and pricing pages. */
  large: {
    line: 'flex items-baseline gap-1',
    amount: 'text-4xl font-bold tracking-tight',
    unit: 'text-base font-medium',
  },
  /** A plan's row in the order form's plan choice. */
  small: { line: 'shrink-0 whitespace-nowrap', amount: 'text-lg font-bold tabular-nums', unit: 'text-sm' },
} as const;

/** A plan's price per month, from the catalog: the amount, then "/month". */
export function PlanPrice({ plan, size = 'large' }: { plan: Plan; size?: keyof typeof SIZES }) {
  const classes = SIZES[size];
  return (
    <p className={classes.line}>
      <span className={cn(classes.amount, 'text-slate-900 dark:text-white')}>
        {formatCents(plan.priceCents)}
      </span>
      <span className={cn(classes.unit, 'text-slate-600 dark:text-slate-400')}>/month</span>
    </p>
  );
}
