import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorId: string | null;
  actorEmail?: string | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends one line to the audit log (D7, D11). Never pass a secret in `details`. */
export async function recordAudit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** Appends several lines in one insert: what one change did to many rows. */
export async function recordAudits(db: Pick<Database, 'insert'>, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      actorEmail: entry.actorEmail ?? null,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      details: entry.details ?? null,
      ip: entry.ip ?? null,
    })),
  );
}

/** An entry for what a signed-in person (an admin, mostly) did: who, and from where. */
export function recordActorAudit(
  db: Pick<Database, 'insert'>,
  actor: { id: string; email: string; ip: string | null },
  entry: Omit<AuditEntry, 'actorId' | 'actorEmail' | 'ip'>,
): Promise<void> {
  return recordAudit(db, { actorId: actor.id, actorEmail: actor.email, ...entry, ip: actor.ip });
}
