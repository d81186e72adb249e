import { type ReactNode, useId } from 'react';
import { Card } from './card';
import { cn } from './cn';
import { Skeleton } from './skeleton';

interface StatCardProps {
  label: string;
  /**
   * A count is written with its thousands grouped. undefined while loading: a placeholder of the
   * value's size keeps the card from growing.
   */
  value: ReactNode | number | undefined;
  note?: string;
  icon: ReactNode;
  /** Shown instead of the placeholder while loading, when the product names a text for it. */
  loadingText?: string;
  className?: string;
}

/** One figure with its label (dashboard and billing summary cards). */
export function StatCard({ label, value, note, icon, loadingText, className }: StatCardProps) {
  const loading = value === undefined;
  const labelId = useId();
  return (
    // A named group, so assistive technology (and tests) find a figure by its label.
    <Card
      role="group"
      aria-labelledby={labelId}
      aria-busy={loading || undefined}
      className={cn('p-4 sm:p-5', className)}
    >
      {/* On a phone two lines are kept for the label, so the figures of a row line up. */}
      <p
        id={labelId}
        className="min-h-10 text-sm leading-5 font-medium sm:min-h-0 text-slate-600 dark:text-slate-400"
      >
        {label}
      </p>
      <div className="mt-1 flex items-center justify-between gap-3">
        <div className="flex h-9 min-w-0 items-center text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {!loading ? (
            <span className="truncate">
              {typeof value === 'number' ? value.toLocaleString('en-US') : value}
            </span>
          ) : loadingText ? (
            <span className="text-base font-medium text-slate-500 dark:text-slate-400">{loadingText}</span>
          ) : (
            <>
              <Skeleton className="h-7 w-16" />
              <span className="sr-only">Loading</span>
            </>
          )}
        </div>
        {/* Decorative, and on a phone's half-width card the figure needs the room. */}
        <span
          aria-hidden="true"
          className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 sm:flex text-brand-600 dark:bg-indigo-950/60 dark:text-indigo-300"
        >
          {icon}
        </span>
      </div>
      {note && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{note}</p>}
    </Card>
  );
}
