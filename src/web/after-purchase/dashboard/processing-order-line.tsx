import { Clock, TriangleAlert } from 'lucide-react';
import { ordinal, plural } from '../../../domain/format';
import { isOverdue, timeLeft } from '../../lib/time-left';
import { cn } from '../../ui/cn';
import type { ProcessingGroup } from './processing-rows';

const promised = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Above an order's waiting panels: which order, how many, its place in the delivery queue and
 * the time left on the 6-hour promise (docs/product.md §10).
 */
export function ProcessingOrderLine({ group, now }: { group: ProcessingGroup; now: Date }) {
  const late = isOverdue(group.deadline, now);
  const Icon = late ? TriangleAlert : Clock;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
      <span className="font-medium text-slate-800 dark:text-slate-200">
        Order #{group.orderId}
        <span className="font-normal text-slate-500 dark:text-slate-400">
          {' '}
          · {plural(group.missing, 'panel')} on the way ·{' '}
          {group.queuePlace === 1
            ? 'next in the delivery queue'
            : `${ordinal(group.queuePlace)} in the delivery queue`}
        </span>
      </span>
      <span
        title={`Promised by ${promised.format(new Date(group.deadline))}`}
        className={cn(
          'inline-flex items-center gap-1.5 font-medium',
          late ? 'text-amber-700 dark:text-amber-300' : 'text-sky-700 dark:text-sky-300',
        )}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
        {timeLeft(group.deadline, now)}
      </span>
    </div>
  );
}

/** "Show N more panels of order #X": a large order lists a few rows until asked for all. */
export function ShowMoreButton({ group, onClick }: { group: ProcessingGroup; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-indigo-300 dark:hover:bg-slate-800"
    >
      Show {plural(group.hiddenRows, 'more panel')} of order #{group.orderId}
    </button>
  );
}
