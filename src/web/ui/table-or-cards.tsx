import type { ReactNode } from 'react';

const layouts = {
  sm: { table: 'hidden sm:block', cards: 'sm:hidden' },
  md: { table: 'hidden md:block', cards: 'md:hidden' },
};

/**
 * One list drawn twice: as a table from the breakpoint up, as cards below it. Only one of the
 * two is displayed at any width, so only one is in the accessibility tree.
 */
export function TableOrCards({
  from = 'sm',
  table,
  cards,
}: {
  from?: keyof typeof layouts;
  table: ReactNode;
  cards: ReactNode;
}) {
  return (
    <>
      <div className={layouts[from].table}>{table}</div>
      <div className={layouts[from].cards}>{cards}</div>
    </>
  );
}
