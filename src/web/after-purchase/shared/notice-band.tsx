import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

const TONES = {
  red: 'border-red-200 bg-red-50 text-red-950 dark:border-red-900/60 dark:bg-red-950/30 dark:text-red-100',
  amber:
    'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/30 dark:text-amber-100',
} as const;

/**
 * A band above a customer page's content about something of theirs that wants doing: a toned
 * section named by its heading (`id`), the icon beside the title, the list of what it is about
 * below.
 */
export function NoticeBand({
  id,
  tone,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('rounded-xl border px-5 py-4 text-sm sm:px-6', TONES[tone])}>
      <h2 id={id} className="flex items-center gap-2 font-semibold">
        <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}
