import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MAX_BROWSE_ROWS, maxPage } from '../../domain/api/admin/paging';
import type { Database } from '../db/client';
import { cappedCount, countUpTo, estimateRows, type Source } from '../db/counting';

/**
 * Totals and depth of the admin lists at scale (D11), measured by bench/admin-scale.
 *
 * - A total is exact up to EXACT_COUNT_LIMIT matches: the count reads at most that many
 *   index entries (a capped count, about a millisecond). Beyond it, counting a million rows
 *   would cost more than the whole 50 ms page budget, so the total is the planner's estimate
 *   (EXPLAIN, from the table statistics), flagged `totalIsEstimate` for the screen to say
 *   "about".
 * - Paging goes at most MAX_BROWSE_ROWS deep in either sort order. OFFSET has to step over
 *   every skipped row, so an unbounded page number would let one request scan the table;
 *   past this depth an operator searches, filters by status or sorts oldest first.
 */
export const EXACT_COUNT_LIMIT = 10_000;
export { MAX_BROWSE_ROWS, maxPage };

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

export interface Total {
  total: number;
  totalIsEstimate: boolean;
}

export interface Page<T> extends Total {
  items: T[];
  page: number;
  pageSize: number;
  /** Pages the pager may offer: every page of an exact total, capped at the browse depth. */
  pageCount: number;
}

export function pageOf<T>(items: T[], page: number, pageSize: number, total: Total): Page<T> {
  const browsable = Math.min(total.total, MAX_BROWSE_ROWS);
  return { items, page, pageSize, ...total, pageCount: Math.ceil(browsable / pageSize) };
}

/** A page as the answer shows it: the same facts, each item through `out` (dates as ISO text). */
export function pageOut<T, U>(page: Page<T>, out: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(out) };
}

/**
 * Exact up to EXACT_COUNT_LIMIT, an estimate (never below the limit) beyond it. `capped` is
 * the count up to EXACT_COUNT_LIMIT + 1 when the caller already has it (cappedMatches as a
 * column of its page query).
 */
export async function countMatches(db: Database, source: Source, capped?: number): Promise<Total> {
  const exact = capped ?? (await countUpTo(db, source, EXACT_COUNT_LIMIT + 1));
  if (exact <= EXACT_COUNT_LIMIT) return { total: exact, totalIsEstimate: false };
  const estimate = await estimateRows(db, source);
  return { total: Math.max(estimate, exact), totalIsEstimate: true };
}

/** The count countMatches needs, as a column for the page's own query. */
export function cappedMatches(source: Source) {
  return cappedCount(source, EXACT_COUNT_LIMIT + 1);
}

/** Which rows of which table an admin list shows, and in what order. */
export interface AdminList {
  table: PgTable;
  /** The table's key: a page is read as these first. */
  id: PgColumn;
  where: SQL | undefined;
  orderBy: SQL[];
}

/**
 * One page of an admin list, read the way the lists read it: the ids of the page first (the
 * offset steps over index entries, not whole rows), then `rowsOf` reads the rows of those ids,
 * in the list's order, while the matches are counted beside it.
 */
export async function pageByIds<T>(
  db: Database,
  list: AdminList,
  { page, pageSize }: { page: number; pageSize: number },
  rowsOf: (pageIds: SQLWrapper) => Promise<T[]>,
): Promise<Page<T>> {
  const pageIds = db
    .select({ id: list.id })
    .from(list.table)
    .where(list.where)
    .orderBy(...list.orderBy)
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
  const [items, total] = await Promise.all([
    rowsOf(pageIds),
    countMatches(db, { from: sql`${list.table}`, where: list.where }),
  ]);
  return pageOf(items, page, pageSize, total);
}
