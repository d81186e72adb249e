import { useMemo, useState } from 'react';
import { keepExisting, type SelectAllState, selectAllState, toggleAll, toggleId } from '../../lib/selection';

export interface Selection {
  /** Selected ids that still exist, in the table's order. */
  ids: number[];
  has: (id: number) => boolean;
  toggle: (id: number) => void;
  /** The select-all state and action over the rows currently in view. */
  allState: SelectAllState;
  toggleAll: () => void;
  clear: () => void;
}

/** Checkbox selection over a table whose rows may change under it (refreshes, a search). */
export function useSelection(existingIds: readonly number[], visibleIds: readonly number[]): Selection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const ids = useMemo(() => keepExisting(selected, existingIds), [selected, existingIds]);
  const current = useMemo(() => new Set(ids), [ids]);
  return {
    ids,
    has: (id) => current.has(id),
    toggle: (id) => setSelected((s) => toggleId(s, id)),
    allState: selectAllState(current, visibleIds),
    toggleAll: () => setSelected((s) => toggleAll(new Set(keepExisting(s, existingIds)), visibleIds)),
    clear: () => setSelected(new Set()),
  };
}
