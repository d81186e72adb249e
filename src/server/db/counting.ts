import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from './client';

type TxOrDb = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** `from` is a table or join, `where` the list's filter; both come from drizzle, never from text. */
export interface Source {
  from: SQL;
  where?: SQL | undefined;
}

function selectOnes({ from, where }: Source): SQL {
  return where ? sql`select 1 from ${from} where ${where}` : sql`select 1 from ${from}`;
}

/**
 * min(number of matches, limit) as an SQL expression: it can ride as a column of the page's
 * own query (one round trip instead of two), where it is evaluated once, not per row.
 */
export function cappedCount(source: Source, limit: number): SQL<number> {
  return sql<number>`(select count(*)::int from (${selectOnes(source)} limit ${limit}) capped)`.mapWith(
    Number,
  );
}

/** min(number of matches, limit): reads no more than `limit` rows. */
export async function countUpTo(db: TxOrDb, source: Source, limit: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`select ${cappedCount(source, limit)} as n`));
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
