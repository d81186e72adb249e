import { type ReactNode, useId } from 'react';
import { Card, CardFooter } from './card';
import { CardHeading } from './card-heading';
import { cn } from './cn';

interface TableCardProps {
  title: string;
  /** 3 when the card sits under a section heading of its own. */
  level?: 2 | 3;
  description?: ReactNode;
  /** Buttons and links beside the title (they wrap below it on a phone). */
  actions?: ReactNode;
  /** A row between the header and the table: search, selection count. */
  toolbar?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/**
 * A titled card whose body runs edge to edge, for tables: a table looks wrong inset in padding,
 * and its own scroll box must reach the card's edges on a phone.
 */
export function TableCard({
  title,
  level = 2,
  description,
  actions,
  toolbar,
  children,
  footer,
  className,
}: TableCardProps) {
  // Only the section's aria-labelledby points at its heading, so any unique id will do.
  const titleId = useId();
  return (
    <Card className={cn('overflow-hidden', className)}>
      <section aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start justify-between gap-3 px-5 pt-5 pb-4 sm:px-6">
          <CardHeading
            id={titleId}
            level={level}
            title={title}
            description={description}
            descriptionAs="div"
          />
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
        {toolbar && <div className="px-5 pb-4 sm:px-6">{toolbar}</div>}
        <div className="border-t border-slate-200 dark:border-slate-800">{children}</div>
        {footer && <CardFooter className="text-sm text-slate-600 dark:text-slate-400">{footer}</CardFooter>}
      </section>
    </Card>
  );
}
