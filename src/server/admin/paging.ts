import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import type { TxOrDb } from '../outbox/enqueue';

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
export const MAX_BROWSE_ROWS = 10_000;

export function maxPage(pageSize: number): number {
  return Math.ceil(MAX_BROWSE_ROWS / pageSize);
}

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

/** `from` is a table or join, `where` the list's filter; both come from drizzle, never from text. */
export interface Source {
  from: SQL;
  where?: SQL | undefined;
}

function selectOnes({ from, where }: Source): SQL {
  return where ? sql`select 1 from ${from} where ${where}` : sql`select 1 from ${from}`;
}

/** min(number of matches, limit): reads no more than `limit` rows. */
export async function countUpTo(db: TxOrDb, source: Source, limit: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${selectOnes(source)} limit ${limit}) capped`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** The planner's row estimate for a filter: statistics only, no rows read. */
export async function estimateRows(db: Database, source: Source): Promise<number> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`explain (format json) ${selectOnes(source)}`),
  );
  const raw = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/** Exact up to EXACT_COUNT_LIMIT, an estimate (never below the limit) beyond it. */
export async function countMatches(db: Database, source: Source): Promise<Total> {
  const exact = await countUpTo(db, source, EXACT_COUNT_LIMIT + 1);
  if (exact <= EXACT_COUNT_LIMIT) return { total: exact, totalIsEstimate: false };
  const estimate = await estimateRows(db, source);
  return { total: Math.max(estimate, exact), totalIsEstimate: true };
}
