import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from './cn';

/**
 * A table that scrolls sideways inside its own box when the screen is narrower than its
 * columns, so a phone never scrolls the whole page sideways. `minWidth` (a Tailwind class such
 * as 'min-w-[40rem]') keeps columns readable instead of squeezing them to one letter.
 */
export function DataTable({
  label,
  minWidth,
  children,
}: {
  /** What the table lists, for screen readers (rendered as a hidden caption). */
  label: string;
  minWidth?: string;
  children: ReactNode;
}) {
  return (
    // Chrome makes a scroll box without focusable content focusable by itself, so keyboard users
    // can scroll it; every other table here holds checkboxes or buttons to focus. `relative`
    // keeps absolutely placed text (sr-only labels in far cells) inside the box: otherwise it
    // is placed against the page and widens it on a phone.
    <div className="relative overflow-x-auto">
      <table className={cn('w-full border-collapse text-left text-sm', minWidth)}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

/** One padding for both kinds of cell, so a column's head lines up with its cells and the outer ones with the card's edge. */
const cellPadding = 'px-3 py-3 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';

export function HeadCell({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-slate-200 bg-slate-50',
        cellPadding,
        'text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400',
        className,
      )}
      {...props}
    />
  );
}

export function Cell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      className={cn(
        'border-b border-slate-100',
        cellPadding,
        'align-middle text-slate-700 dark:border-slate-800/70 dark:text-slate-300',
        className,
      )}
      {...props}
    />
  );
}

/** A body row that highlights on hover and when selected. */
export function rowClasses(selected = false): string {
  return cn(
    'transition-colors last:*:border-b-0',
    selected ? 'bg-brand-50/70 dark:bg-indigo-950/30' : 'hover:bg-slate-50 dark:hover:bg-slate-800/40',
  );
}
