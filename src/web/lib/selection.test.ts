import { describe, expect, it } from 'vitest';
import { keepExisting, selectAllState, toggleAll, toggleId } from './selection';

describe('selection', () => {
  it('toggles one id', () => {
    expect([...toggleId(new Set([1]), 2)]).toEqual([1, 2]);
    expect([...toggleId(new Set([1, 2]), 1)]).toEqual([2]);
  });

  it('select-all selects every visible row, or clears them when all are selected', () => {
    expect([...toggleAll(new Set([1]), [1, 2, 3])].sort()).toEqual([1, 2, 3]);
    expect([...toggleAll(new Set([1, 2, 3]), [1, 2, 3])]).toEqual([]);
  });

  it('select-all leaves rows hidden by a search as they were', () => {
    expect([...toggleAll(new Set([9]), [1, 2])].sort()).toEqual([1, 2, 9]);
    expect([...toggleAll(new Set([1, 2, 9]), [1, 2])]).toEqual([9]);
  });

  it('reports none, some or all of the visible rows', () => {
    expect(selectAllState(new Set(), [1, 2])).toBe('none');
    expect(selectAllState(new Set([1]), [1, 2])).toBe('some');
    expect(selectAllState(new Set([1, 2, 9]), [1, 2])).toBe('all');
    expect(selectAllState(new Set([9]), [])).toBe('none');
  });

  it('forgets ids whose rows are gone, in table order', () => {
    expect(keepExisting(new Set([3, 1, 99]), [1, 2, 3])).toEqual([1, 3]);
  });
});
