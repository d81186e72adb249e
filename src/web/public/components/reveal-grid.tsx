import type { ReactNode } from 'react';
import { Reveal } from './reveal';

/**
 * A list laid out as a grid of up to three columns whose cards fade in one after another
 * across each row, so a row reads left to right as it appears. The lists are fixed content
 * (features, plans), never reordered, so their places are their keys.
 */
export function RevealGrid<T>({
  items,
  className,
  children,
}: {
  items: readonly T[];
  className: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={className}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed content, never reordered
        <li key={index}>
          <Reveal delayMs={(index % 3) * 100} className="h-full">
            {children(item)}
          </Reveal>
        </li>
      ))}
    </ul>
  );
}
