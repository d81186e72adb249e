import type { ReactNode } from 'react';

/**
 * The width of the list's own box (not the screen's) from which its table shows: beside the
 * sidebar a laptop's card is much narrower than its screen. 'narrow' suits a table of a few
 * short columns; 'wide' one of many (a panel list, an admin queue), which at 1024 px wide would
 * otherwise scroll sideways inside its card.
 */
const layouts = {
  narrow: { table: 'hidden @min-[40rem]:block', cards: '@min-[40rem]:hidden' },
  wide: { table: 'hidden @min-[56rem]:block', cards: '@min-[56rem]:hidden' },
};
export type TableFrom = keyof typeof layouts;

/**
 * One list drawn twice: as a table where its box is wide enough, as cards below that. Only one
 * of the two is displayed at any width, so only one is in the accessibility tree.
 */
export function TableOrCards({
  from = 'narrow',
  table,
  cards,
}: {
  from?: TableFrom;
  table: ReactNode;
  cards: ReactNode;
}) {
  return (
    <div className="@container">
      <div className={layouts[from].table}>{table}</div>
      <div className={layouts[from].cards}>{cards}</div>
    </div>
  );
}
