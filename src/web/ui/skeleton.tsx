import { cn } from './cn';

/**
 * A grey placeholder block sized like the content it stands in for, so the page does not jump
 * when the data arrives. Decorative: the region around it says "loading" to screen readers.
 */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded-md bg-slate-200 dark:bg-slate-800', className)}
    />
  );
}
