import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from '../../domain/pager';
import { type PageFacts, pageButtonLabel, rangeText } from '../lib/pager-labels';
import { cn } from './cn';

const buttonBase =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md px-2.5 text-sm font-medium tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-50';
const idle =
  'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';
const current = 'border border-brand-600 bg-brand-600 text-white';

interface PagerProps extends PageFacts {
  pageCount: number;
  onPage: (page: number) => void;
  /** What is paged ('Orders'), naming the navigation landmark for screen readers. */
  label: string;
  /** A new page is loading: the buttons wait. */
  busy?: boolean;
}

/**
 * Previous / a window of 5 page numbers (spec /admin, domain pageWindow) / Next, with where the
 * reader is. listPager decides whether a list needs one.
 */
export function Pager({ pageCount, onPage, label, busy = false, ...facts }: PagerProps) {
  const { page } = facts;
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between"
    >
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {rangeText(facts)}
      </p>
      <div className="flex items-center gap-1.5">
        <button
          type="button"
          className={cn(buttonBase, idle)}
          onClick={() => onPage(page - 1)}
          disabled={busy || page <= 1}
          aria-label="Previous page"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Previous</span>
        </button>
        {pageWindow(page, pageCount).map((n) => (
          <button
            key={n}
            type="button"
            className={cn(buttonBase, n === page ? current : idle)}
            onClick={() => onPage(n)}
            disabled={busy && n !== page}
            aria-label={pageButtonLabel(n)}
            aria-current={n === page ? 'page' : undefined}
          >
            {n}
          </button>
        ))}
        <button
          type="button"
          className={cn(buttonBase, idle)}
          onClick={() => onPage(page + 1)}
          disabled={busy || page >= pageCount}
          aria-label="Next page"
        >
          <span className="hidden sm:inline">Next</span>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
