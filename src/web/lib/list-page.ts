/** One page of a paged list, as the pager and the paged selection read it. */
export interface ListPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  /** Above 10,000 matches the server estimates instead of counting: the screen says "about". */
  totalIsEstimate: boolean;
  /** Pages the server lets one browse (capped at its browse depth). */
  pageCount: number;
}
