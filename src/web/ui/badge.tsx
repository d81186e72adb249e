import type { HTMLAttributes } from 'react';
import { sentenceCase } from '../../domain/format';
import { cn } from './cn';

export type BadgeTone = 'brand' | 'neutral' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  brand: 'bg-brand-600 text-white',
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  danger: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
};

/** A label in a pill; a text label in sentence case, as every badge (StatusBadge too). */
export function Badge({
  tone = 'neutral',
  className,
  children,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold',
        tones[tone],
        className,
      )}
      {...props}
    >
      {typeof children === 'string' ? sentenceCase(children) : children}
    </span>
  );
}
