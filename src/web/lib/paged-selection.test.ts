import { describe, expect, it } from 'vitest';
import { pageState, selectedRows, togglePage, toggleRow, withFreshRows } from './paged-selection';

interface Row {
  id: number;
  status: string;
}
const row = (id: number, status = 'available'): Row => ({ id, status });
const ids = (selection: ReadonlyMap<number, Row>) => [...selection.keys()].sort((a, b) => a - b);

describe('paged selection', () => {
  const page1 = [row(1), row(2), row(3)];
  const page2 = [row(4), row(5)];

  it('toggles one row', () => {
    const one = toggleRow(new Map(), row(2));
    expect(ids(one)).toEqual([2]);
    expect(ids(toggleRow(one, row(2)))).toEqual([]);
  });

  it('keeps rows of other pages when the header box acts on this one', () => {
    const first = togglePage(new Map(), page1);
    const both = togglePage(first, page2);
    expect(ids(both)).toEqual([1, 2, 3, 4, 5]);
    expect(ids(togglePage(both, page2))).toEqual([1, 2, 3]);
  });

  it('selects the rest of a partly selected page', () => {
    const some = toggleRow(new Map(), row(2));
    expect(pageState(some, page1)).toBe('some');
    const all = togglePage(some, page1);
    expect(pageState(all, page1)).toBe('all');
    expect(pageState(all, page2)).toBe('none');
  });

  it('keeps the row itself, so a page that is gone can still be exported', () => {
    const picked = togglePage(new Map(), page2);
    expect(selectedRows(picked)).toEqual([row(5), row(4)]);
  });

  it('takes fresher copies of selected rows and nothing else', () => {
    const picked = toggleRow(new Map(), row(1));
    expect(withFreshRows(picked, [row(2, 'sold')])).toBe(picked);
    const fresh = withFreshRows(picked, [row(1, 'sold'), row(2, 'sold')]);
    expect(selectedRows(fresh)).toEqual([row(1, 'sold')]);
  });
});
