import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** A bordered surface that reads well in both themes. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
      {...props}
    />
  );
}

/** A card's last strip, set apart from its body: buttons, a pager, a note. */
const footerClasses =
  'border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6 dark:border-slate-800 dark:bg-slate-900/60';

export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn(footerClasses, className)} {...props} />;
}
