import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

/** The audit log's lines for `action`, on `targetId` when one is given, oldest first. */
export function auditEntries(db: Database, action: string, targetId?: string | number) {
  const byAction = eq(auditLog.action, action);
  return db
    .select()
    .from(auditLog)
    .where(targetId === undefined ? byAction : and(byAction, eq(auditLog.targetId, String(targetId))))
    .orderBy(asc(auditLog.id));
}
