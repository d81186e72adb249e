import type { Identified } from './paged-selection';
import type { SelectAllState } from './selection';
import type { PagedSelection } from './use-paged-selection';

/**
 * The checkboxes of a selectable list, whichever selection keeps them: the select-all box and
 * one box a row, with their accessible names. The table and the phone cards of one list take
 * the same value, so both always name and toggle rows alike.
 */
export interface SelectionBoxes<T extends Identified> {
  /** Accessible name of the select-all box ("Select all orders on this page"). */
  allLabel: string;
  allState: SelectAllState;
  toggleAll: () => void;
  /** Accessible name of a row's box ("Select order #12"). */
  rowLabel: (row: T) => string;
  has: (id: number) => boolean;
  toggle: (row: T) => void;
}

interface Labels<T> {
  all: string;
  row: (row: T) => string;
}

/** A selection that survives paging: the header box acts on the page on screen. */
export function pagedBoxes<T extends Identified>(
  selection: PagedSelection<T>,
  labels: Labels<T>,
): SelectionBoxes<T> {
  return {
    allLabel: labels.all,
    allState: selection.pageState,
    toggleAll: selection.togglePage,
    rowLabel: labels.row,
    has: selection.has,
    toggle: selection.toggle,
  };
}

/** A selection of ids over an unpaged list: the header box acts on the rows in view. */
export function idBoxes<T extends Identified>(
  selection: {
    allState: SelectAllState;
    toggleAll: () => void;
    has: (id: number) => boolean;
    toggle: (id: number) => void;
  },
  labels: Labels<T>,
): SelectionBoxes<T> {
  return {
    allLabel: labels.all,
    allState: selection.allState,
    toggleAll: selection.toggleAll,
    rowLabel: labels.row,
    has: selection.has,
    toggle: (row) => selection.toggle(row.id),
  };
}
