import { sentenceCase } from '../../domain/format';
import type { Badge, BadgeTone } from '../../domain/status';
import { cn } from './cn';

// The domain names a colour per status (docs/product.md §4, D5); this is how each colour looks.
const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  blue: 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-200',
  yellow: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
};

/** A status word in its colour, in sentence case: orderBadge('paid') -> a blue "Processing". */
export function StatusBadge({ badge, className }: { badge: Badge; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[badge.tone],
        className,
      )}
    >
      {sentenceCase(badge.label)}
    </span>
  );
}
