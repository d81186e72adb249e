import { useEffect, useState } from 'react';
import {
  type Identified,
  pageState,
  type RowSelection,
  selectedRows,
  togglePage,
  toggleRow,
  withFreshRows,
} from './paged-selection';
import type { SelectAllState } from './selection';

export interface PagedSelection<T extends Identified> {
  count: number;
  rows: () => T[];
  has: (id: number) => boolean;
  toggle: (row: T) => void;
  /** The header checkbox over the rows on screen. */
  pageState: SelectAllState;
  togglePage: () => void;
  clear: () => void;
}

/** Checkbox selection that survives paging and filtering (server-side lists, D11). */
export function usePagedSelection<T extends Identified>(page: readonly T[] | undefined): PagedSelection<T> {
  const [selected, setSelected] = useState<RowSelection<T>>(() => new Map());
  const rows = page ?? [];

  useEffect(() => {
    if (page) setSelected((current) => withFreshRows(current, page));
  }, [page]);

  return {
    count: selected.size,
    rows: () => selectedRows(selected),
    has: (id) => selected.has(id),
    toggle: (row) => setSelected((current) => toggleRow(current, row)),
    pageState: pageState(selected, rows),
    togglePage: () => setSelected((current) => togglePage(current, rows)),
    clear: () => setSelected(new Map()),
  };
}
