// Admin table paging (docs/product.md §2 /admin, D11): a fixed-width window of
// page numbers so the pager never jumps in size as the user moves.

import { PAGER_WINDOW } from './constants';

export function pageCount(total: number, pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize <= 0)
    throw new RangeError('pageSize must be a positive integer');
  return total > 0 ? Math.ceil(total / pageSize) : 0;
}

/**
 * Page numbers to show: the first `size` pages near the start, the last `size`
 * near the end, otherwise the current page centred. Out-of-range pages are clamped.
 */
export function pageWindow(current: number, totalPages: number, size: number = PAGER_WINDOW): number[] {
  const pages = Math.max(0, Math.floor(totalPages));
  const width = Math.max(1, Math.floor(size));
  if (pages === 0) return [];
  if (pages <= width) return range(1, pages);

  const page = Math.min(Math.max(1, Math.floor(current) || 1), pages);
  const before = Math.floor((width - 1) / 2);
  const start = Math.min(Math.max(1, page - before), pages - width + 1);
  return range(start, start + width - 1);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
