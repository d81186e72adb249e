import type { ReactNode } from 'react';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';

export type ResultTone = 'brand' | 'success' | 'waiting' | 'warning';

const toneClasses: Record<ResultTone, string> = {
  brand: 'bg-brand-50 text-brand-600 dark:bg-indigo-950/60 dark:text-indigo-300',
  success: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-950/60 dark:text-emerald-400',
  waiting: 'bg-sky-50 text-sky-600 dark:bg-sky-950/60 dark:text-sky-300',
  warning: 'bg-amber-50 text-amber-600 dark:bg-amber-950/60 dark:text-amber-400',
};

interface ResultPanelProps {
  icon: ReactNode;
  tone: ResultTone;
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  /** Reference and actions, set apart at the bottom. */
  footer?: ReactNode;
}

/**
 * The centred card of the payment result pages. Its heading area is a live region, so a
 * screen reader hears the title change from 'Payment Processing' to the outcome.
 */
export function ResultPanel({ icon, tone, title, subtitle, children, footer }: ResultPanelProps) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-16">
      <Card className="overflow-hidden">
        <div className="px-6 pt-10 pb-8 text-center sm:px-10">
          <div aria-live="polite" className="flex flex-col items-center">
            <span
              aria-hidden="true"
              className={cn(
                'mb-5 flex h-16 w-16 items-center justify-center rounded-full',
                toneClasses[tone],
              )}
            >
              {icon}
            </span>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
              {title}
            </h1>
            {subtitle && <div className="mt-2 text-base text-slate-600 dark:text-slate-400">{subtitle}</div>}
          </div>
          {children && <div className="mt-8 text-left">{children}</div>}
        </div>
        {footer && (
          <div className="flex flex-col-reverse items-stretch gap-3 border-t border-slate-200 bg-slate-50 px-6 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-10 dark:border-slate-800 dark:bg-slate-900/60">
            {footer}
          </div>
        )}
      </Card>
    </div>
  );
}
