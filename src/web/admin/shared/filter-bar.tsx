import type { ReactNode } from 'react';
import { SelectionSummary } from '../../ui/selection-summary';

/** A list's search box and filters, with the selection count under them when rows can be picked. */
export function FilterBar({
  children,
  selection,
}: {
  children: ReactNode;
  selection?: { count: number; noun: string; onClear: () => void };
}) {
  const row = <div className="flex flex-wrap items-start gap-3">{children}</div>;
  if (!selection) return row;
  return (
    <div className="space-y-3">
      {row}
      <SelectionSummary count={selection.count} noun={selection.noun} onClear={selection.onClear} />
    </div>
  );
}
