import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './pager';

describe('pageWindow', () => {
  it.each([
    [1, [1, 2, 3, 4, 5]],
    [2, [1, 2, 3, 4, 5]],
    [3, [1, 2, 3, 4, 5]],
    [4, [2, 3, 4, 5, 6]],
    [5, [3, 4, 5, 6, 7]],
    [6, [4, 5, 6, 7, 8]],
    [7, [5, 6, 7, 8, 9]],
    [8, [6, 7, 8, 9, 10]],
    [9, [6, 7, 8, 9, 10]],
    [10, [6, 7, 8, 9, 10]],
  ])('10 pages, page %i', (current, expected) => {
    expect(pageWindow(current, 10)).toEqual(expected);
  });

  it('shows every page when there are 5 or fewer', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it('returns nothing without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(3, -2)).toEqual([]);
  });

  it('handles the 6-page edge', () => {
    expect(pageWindow(3, 6)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 6)).toEqual([2, 3, 4, 5, 6]);
  });

  it('clamps out-of-range pages', () => {
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(-5, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(Number.NaN, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('supports another window size', () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(pageWindow(1, 10, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 10, 3)).toEqual([8, 9, 10]);
  });
});

describe('pageCount', () => {
  it('rounds up', () => {
    expect(pageCount(0, 5)).toBe(0);
    expect(pageCount(1, 5)).toBe(1);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(101, 10)).toBe(11);
  });

  it('rejects a bad page size', () => {
    expect(() => pageCount(10, 0)).toThrow(RangeError);
  });
});
