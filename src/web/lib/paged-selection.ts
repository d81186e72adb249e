// Selection over a server-paged list: rows picked on page 1 stay picked on page 3 (and under
// another search), so the selection keeps the rows themselves, not just their ids: the page
// they came from may no longer be loaded when they are exported. The id rules are those of
// the unpaged lists (selection.ts).

import { type SelectAllState, selectAllState, toggleAll } from './selection';

export interface Identified {
  id: number;
}

export type RowSelection<T extends Identified> = ReadonlyMap<number, T>;

export function toggleRow<T extends Identified>(selected: RowSelection<T>, row: T): Map<number, T> {
  const next = new Map(selected);
  if (next.has(row.id)) next.delete(row.id);
  else next.set(row.id, row);
  return next;
}

/** The header checkbox: every row of this page selected -> unselect them; otherwise select them. */
export function togglePage<T extends Identified>(
  selected: RowSelection<T>,
  page: readonly T[],
): Map<number, T> {
  const ids = toggleAll(
    new Set(selected.keys()),
    page.map((row) => row.id),
  );
  const onPage = new Map(page.map((row) => [row.id, row]));
  const next = new Map<number, T>();
  for (const id of ids) {
    const row = onPage.get(id) ?? selected.get(id);
    if (row) next.set(id, row);
  }
  return next;
}

export function pageState<T extends Identified>(
  selected: RowSelection<T>,
  page: readonly T[],
): SelectAllState {
  return selectAllState(
    new Set(selected.keys()),
    page.map((row) => row.id),
  );
}

/**
 * Swaps in fresher copies of selected rows that a reload brought (a status changed), so an
 * export writes what the server says now. The same map comes back when nothing changed.
 */
export function withFreshRows<T extends Identified>(
  selected: RowSelection<T>,
  page: readonly T[],
): RowSelection<T> {
  const stale = page.filter((row) => selected.has(row.id) && selected.get(row.id) !== row);
  if (stale.length === 0) return selected;
  const next = new Map(selected);
  for (const row of stale) next.set(row.id, row);
  return next;
}

/** Selected rows, newest (highest id) first, as the server's "export all" orders them. */
export function selectedRows<T extends Identified>(selected: RowSelection<T>): T[] {
  return [...selected.values()].sort((a, b) => b.id - a.id);
}
