// Row selection for the tables with checkboxes. Pure, so the rules are tested without a DOM.

export type SelectAllState = 'none' | 'some' | 'all';

export function toggleId(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * The select-all box acts on the rows in view (a search narrows it): all of them selected ->
 * clear them; otherwise select them all. Rows hidden by the search keep their state.
 */
export function toggleAll(selected: ReadonlySet<number>, visibleIds: readonly number[]): Set<number> {
  const next = new Set(selected);
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => next.has(id));
  for (const id of visibleIds) {
    if (allSelected) next.delete(id);
    else next.add(id);
  }
  return next;
}

export function selectAllState(selected: ReadonlySet<number>, visibleIds: readonly number[]): SelectAllState {
  const count = visibleIds.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === visibleIds.length ? 'all' : 'some';
}

/** Drops ids that no longer exist (a refresh removed the row), so an export never names a ghost. */
export function keepExisting(selected: ReadonlySet<number>, existingIds: readonly number[]): number[] {
  return existingIds.filter((id) => selected.has(id));
}
