// The words around the pager of a server-paged list (D11). The window of page numbers itself is
// the domain's pageWindow; these say where the reader is and how many rows there are.

const number = new Intl.NumberFormat('en-US');

/** '1,234', or 'about 1,200,000' when the server estimated the total (above 10,000 matches). */
export function countText(value: number, estimated: boolean): string {
  return estimated ? `about ${number.format(value)}` : number.format(value);
}

/** The 'Export all matching' toast: 'All 134 matching panels are downloading as CSV.', singular for one. */
export function exportStartedText(total: number, estimated: boolean, noun: string): string {
  if (total === 1 && !estimated) return `The 1 matching ${noun} is downloading as CSV.`;
  return `All ${countText(total, estimated)} matching ${noun}s are downloading as CSV.`;
}

export interface PageFacts {
  page: number;
  pageSize: number;
  /** Rows actually on this page (the last page is often short). */
  itemCount: number;
  total: number;
  totalIsEstimate: boolean;
}

/** 'Showing 11–20 of 134' (or 'of about 1,000,000'); 'No results' for an empty list. */
export function rangeText({ page, pageSize, itemCount, total, totalIsEstimate }: PageFacts): string {
  if (itemCount === 0) return 'No results';
  const from = (page - 1) * pageSize + 1;
  const to = from + itemCount - 1;
  return `Showing ${number.format(from)}–${number.format(to)} of ${countText(total, totalIsEstimate)}`;
}

/**
 * The product shows the Admin Panels pager "only above 10 rows" (its page size); every paged
 * list follows the same rule: a pager appears once there is more than one page of rows.
 */
export function showPager(total: number, pageSize: number): boolean {
  return total > pageSize;
}

/** The accessible name of a page button; the current one is also marked aria-current. */
export function pageButtonLabel(page: number): string {
  return `Page ${page}`;
}
