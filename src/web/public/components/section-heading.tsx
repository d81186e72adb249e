import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

/** An eyebrow, an h2 and an intro paragraph, centred over a page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-3xl text-center', className)}>
      {eyebrow && (
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-indigo-300">
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
      >
        {title}
      </h2>
      {children && <p className="mt-4 text-lg leading-8 text-slate-600 dark:text-slate-300">{children}</p>}
    </div>
  );
}
