import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

const BANDS = {
  top: 'border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40',
  both: 'border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40',
};

/**
 * A full-width part of a public page, named by its heading, with its content in a centred
 * column. A `band` is tinted and ruled off from the white parts around it.
 */
export function PageSection({
  titleId,
  band,
  className,
  width,
  children,
}: {
  titleId: string;
  band?: keyof typeof BANDS;
  /** The vertical padding ('py-16 sm:py-20'). */
  className: string;
  width: 'max-w-3xl' | 'max-w-5xl' | 'max-w-7xl';
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={cn(band && BANDS[band], className)}>
      <div className={cn('mx-auto px-4 sm:px-6 lg:px-8', width)}>{children}</div>
    </section>
  );
}
