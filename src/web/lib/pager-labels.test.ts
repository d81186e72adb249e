import { describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_PAGE_SIZE, ADMIN_PANELS_PAGE_SIZE } from '../../domain/constants';
import { pageWindow } from '../../domain/pager';
import { countText, exportStartedText, pageButtonLabel, rangeText, showPager } from './pager-labels';

describe('countText', () => {
  it('writes an exact total as a grouped number', () => {
    expect(countText(0, false)).toBe('0');
    expect(countText(1234, false)).toBe('1,234');
  });

  it('says "about" when the server estimated the total', () => {
    expect(countText(1_000_000, true)).toBe('about 1,000,000');
  });
});

describe('exportStartedText', () => {
  it('counts what is coming, singular for one', () => {
    expect(exportStartedText(134, false, 'panel')).toBe('All 134 matching panels are downloading as CSV.');
    expect(exportStartedText(1, false, 'order')).toBe('The 1 matching order is downloading as CSV.');
    expect(exportStartedText(1_000_000, true, 'order')).toBe(
      'All about 1,000,000 matching orders are downloading as CSV.',
    );
  });
});

describe('rangeText', () => {
  it.each([
    ['names the rows of a full page', 2, 10, 10, 134, false, 'Showing 11–20 of 134'],
    ['ends a short last page at its last row', 14, 10, 4, 134, false, 'Showing 131–134 of 134'],
    ['says "about" for an estimated total', 1, 5, 5, 98_765, true, 'Showing 1–5 of about 98,765'],
    ['has its own words for an empty list', 1, 10, 0, 0, false, 'No results'],
  ] as const)('%s', (_, page, pageSize, itemCount, total, totalIsEstimate, text) => {
    expect(rangeText({ page, pageSize, itemCount, total, totalIsEstimate })).toBe(text);
  });
});

describe('showPager', () => {
  it('shows the Admin Panels pager only above 10 rows (spec /admin)', () => {
    expect(ADMIN_PANELS_PAGE_SIZE).toBe(10);
    expect(showPager(10, ADMIN_PANELS_PAGE_SIZE)).toBe(false);
    expect(showPager(11, ADMIN_PANELS_PAGE_SIZE)).toBe(true);
    expect(showPager(0, ADMIN_PANELS_PAGE_SIZE)).toBe(false);
  });

  it('shows the Orders pager once there is a second page of 5', () => {
    expect(ADMIN_ORDERS_PAGE_SIZE).toBe(5);
    expect(showPager(5, ADMIN_ORDERS_PAGE_SIZE)).toBe(false);
    expect(showPager(6, ADMIN_ORDERS_PAGE_SIZE)).toBe(true);
  });
});

describe('the page buttons the pager draws', () => {
  const labels = (current: number, pages: number) => pageWindow(current, pages).map(pageButtonLabel);

  it('shows the first 5 pages while the current page is 3 or less', () => {
    expect(labels(1, 12)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']);
    expect(labels(3, 12)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']);
  });

  it('keeps two pages on either side of the current one in the middle', () => {
    expect(labels(7, 12)).toEqual(['Page 5', 'Page 6', 'Page 7', 'Page 8', 'Page 9']);
  });

  it('shows the last 5 pages near the end', () => {
    expect(labels(11, 12)).toEqual(['Page 8', 'Page 9', 'Page 10', 'Page 11', 'Page 12']);
    expect(labels(12, 12)).toEqual(['Page 8', 'Page 9', 'Page 10', 'Page 11', 'Page 12']);
  });

  it('shows every page when there are 5 or fewer', () => {
    expect(labels(2, 3)).toEqual(['Page 1', 'Page 2', 'Page 3']);
  });
});
