import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/** PostgreSQL's SQLSTATE for a lock not granted within lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Caps how long each statement of the rest of this transaction waits for a row lock, so work
 * done in batches cannot stall behind one row another transaction holds: the statement fails
 * instead (isLockTimeout), and the caller retries what it can without that row.
 */
export async function boundLockWaitsTx(tx: Tx, ms: number): Promise<void> {
  await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(ms))}`));
}

/**
 * Lifts the cap again before the commit: the deferred triggers that run then (invoice numbers)
 * wait only for another commit to finish, which always does, and failing there would undo a
 * whole batch for nothing.
 */
export async function unboundLockWaitsTx(tx: Tx): Promise<void> {
  await tx.execute(sql.raw('set local lock_timeout = 0'));
}

/** Whether an error (or what it wraps: the ORM wraps the driver's) is a lock wait that ran out. */
export function isLockTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && 'code' in e && e.code === LOCK_NOT_AVAILABLE) return true;
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return false;
}
