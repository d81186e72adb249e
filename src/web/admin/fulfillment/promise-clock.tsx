import { Clock, TriangleAlert } from 'lucide-react';
import { cn } from '../../ui/cn';
import { promiseTime } from './promise-time';

/**
 * The 6-hour promise as the operator reads it at a glance: a clock and the time left, or a
 * warning and how late. The fulfillment queue times an order's delivery, the replacements
 * tab a reported panel's.
 */
export function PromiseClock({
  deadline,
  now,
  className,
}: {
  deadline: string;
  now: Date;
  className?: string;
}) {
  const { text, breached } = promiseTime(deadline, now);
  const Icon = breached ? TriangleAlert : Clock;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 font-medium whitespace-nowrap',
        className,
        breached ? 'text-red-700 dark:text-red-300' : 'text-slate-700 dark:text-slate-200',
      )}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {text}
    </span>
  );
}
