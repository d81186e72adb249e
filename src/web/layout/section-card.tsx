import type { ReactNode } from 'react';
import { Card, CardFooter } from '../ui/card';
import { CardHeading } from '../ui/card-heading';
import { cn } from '../ui/cn';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom, set apart from the fields. */
  footer?: ReactNode;
  tone?: 'default' | 'danger';
  /** Lets a form or heading point at this section (aria-labelledby). */
  titleId?: string;
}

/** A titled card, the building block of the profile and settings pages. */
export function SectionCard({
  title,
  description,
  icon,
  children,
  footer,
  tone = 'default',
  titleId,
}: SectionCardProps) {
  return (
    <Card className={cn('overflow-hidden', tone === 'danger' && 'border-red-200 dark:border-red-900/60')}>
      <div className="flex gap-3 border-b border-slate-200 px-5 py-4 sm:px-6 dark:border-slate-800">
        {icon && (
          <span
            aria-hidden="true"
            className={cn(
              'mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg',
              tone === 'danger'
                ? 'bg-red-50 text-red-600 dark:bg-red-950/60 dark:text-red-400'
                : 'bg-brand-50 text-brand-600 dark:bg-slate-800 dark:text-indigo-300',
            )}
          >
            {icon}
          </span>
        )}
        <CardHeading id={titleId} title={title} description={description} />
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
      {footer && <CardFooter className="flex flex-wrap items-center justify-end gap-3">{footer}</CardFooter>}
    </Card>
  );
}
