import type { ReactNode } from 'react';

/**
 * A card's title and the line under it. `id` lets the card's section or form point at the
 * heading; `level` 3 is for a card under a section heading of its own.
 */
export function CardHeading({
  id,
  level = 2,
  title,
  description,
  descriptionAs: Description = 'p',
}: {
  id?: string;
  level?: 2 | 3;
  title: string;
  description?: ReactNode;
  /** 'div' where the description may hold more than a line of text. */
  descriptionAs?: 'p' | 'div';
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="min-w-0">
      <Heading id={id} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </Heading>
      {description && (
        <Description className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</Description>
      )}
    </div>
  );
}
