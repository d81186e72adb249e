import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appMeta } from '../db/schema';

/**
 * The sandbox clock's offset in milliseconds, one app_meta row (docs/decisions/0016): every
 * instance reads the same one. No row means the clock never moved.
 */
export const OFFSET_KEY = 'sandbox_clock_offset_ms';

export async function readOffset(db: Database): Promise<number> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, OFFSET_KEY));
  return row ? Number(row.value) : 0;
}

/**
 * Adds `ms` to the offset in one statement, so an increment is never lost whoever else writes,
 * and returns the new offset. Only ever called with a positive step: the offset only grows.
 */
export async function addToOffset(db: Database, ms: number): Promise<number> {
  if (!(Number.isSafeInteger(ms) && ms > 0))
    throw new Error(`The sandbox clock only moves forward (${ms} ms).`);
  const [row] = await db
    .insert(appMeta)
    .values({ key: OFFSET_KEY, value: String(ms) })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: sql`(${appMeta.value}::bigint + ${ms})::text`, updatedAt: sql`now()` },
    })
    .returning({ value: appMeta.value });
  if (!row) throw new Error('the sandbox clock offset was not written');
  return Number(row.value);
}
