import type { ReactNode } from 'react';
import { Reveal } from './reveal';

/**
 * A list laid out as a grid of up to three columns whose cards fade in one after another
 * across each row, so a row reads left to right as it appears.
 */
export function RevealGrid<T>({
  items,
  itemKey,
  className,
  children,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  className: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <li key={itemKey(item)}>
          <Reveal delayMs={(index % 3) * 100} className="h-full">
            {children(item)}
          </Reveal>
        </li>
      ))}
    </ul>
  );
}
