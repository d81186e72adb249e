import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE } from '../../../domain/api/admin/audit';
import type { Database } from '../../db/client';
import { containsPattern, startsWithPattern } from '../../db/like-patterns';
import { auditLog } from '../../db/schema';
import { type AdminList, type Page, pageByIds } from '../paging';

export { AUDIT_PAGE_SIZE };

export interface AuditFilter {
  /** An exact action ('panels.revealed') or a family ('panels' or 'panels.'). */
  action?: string | undefined;
  /** A user id, or part of the actor's e-mail. */
  actor?: string | undefined;
  /** Free text over the target, the details, the actor's e-mail and the ip. */
  q?: string | undefined;
}

function auditWhere(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const action = filter.action?.trim();
  if (action) {
    const family = action.endsWith('.') ? action : `${action}.`;
    conditions.push(or(eq(auditLog.action, action), ilike(auditLog.action, startsWithPattern(family)))!);
  }
  const actor = filter.actor?.trim();
  if (actor)
    conditions.push(or(eq(auditLog.actorId, actor), ilike(auditLog.actorEmail, containsPattern(actor)))!);
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        eq(auditLog.targetId, q),
        ilike(auditLog.targetType, pattern),
        ilike(auditLog.actorEmail, pattern),
        ilike(auditLog.ip, pattern),
        sql`${auditLog.details}::text ilike ${pattern}`,
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export interface AuditItem {
  id: number;
  at: Date;
  action: string;
  actor: { id: string | null; email: string | null };
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}

/** The audit log, newest first: sign-ins, reveals, exports and every admin action (D7, D11). */
export async function listAudit(
  db: Database,
  query: AuditFilter & { page: number },
): Promise<Page<AuditItem>> {
  const newestFirst = desc(auditLog.id);
  const list: AdminList = {
    table: auditLog,
    id: auditLog.id,
    where: auditWhere(query),
    orderBy: [newestFirst],
  };
  return pageByIds(db, list, { page: query.page, pageSize: AUDIT_PAGE_SIZE }, async (pageIds) => {
    const rows = await db.select().from(auditLog).where(inArray(auditLog.id, pageIds)).orderBy(newestFirst);
    return rows.map((r) => ({
      id: r.id,
      at: r.createdAt,
      action: r.action,
      actor: { id: r.actorId, email: r.actorEmail },
      targetType: r.targetType,
      targetId: r.targetId,
      details: r.details ?? null,
      ip: r.ip,
    }));
  });
}
