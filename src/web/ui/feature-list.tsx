import { Check } from '../lib/icons/check';
import { cn } from './cn';

/** A checked list of what a plan or subscription includes. */
export function FeatureList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-3 text-sm text-slate-700 dark:text-slate-300', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Check className="h-5 w-5 shrink-0 text-brand-600 dark:text-indigo-400" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
