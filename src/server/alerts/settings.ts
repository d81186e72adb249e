import { eq } from 'drizzle-orm';
import { ALERT_KINDS, type AlertSettings } from '../../domain/email-preferences';
import type { Database } from '../db/client';
import { operatorAlertOptouts } from '../db/schema';

/** An admin's alert toggles: every kind is on unless the admin turned it off. */
export async function getAlertSettings(db: Database, userId: string): Promise<AlertSettings> {
  const off = new Set(
    (
      await db
        .select({ kind: operatorAlertOptouts.kind })
        .from(operatorAlertOptouts)
        .where(eq(operatorAlertOptouts.userId, userId))
    ).map((r) => r.kind),
  );
  return Object.fromEntries(ALERT_KINDS.map((kind) => [kind, !off.has(kind)])) as AlertSettings;
}

export async function saveAlertSettings(
  db: Database,
  userId: string,
  settings: AlertSettings,
): Promise<AlertSettings> {
  await db.transaction(async (tx) => {
    await tx.delete(operatorAlertOptouts).where(eq(operatorAlertOptouts.userId, userId));
    const off = ALERT_KINDS.filter((kind) => !settings[kind]);
    if (off.length > 0) await tx.insert(operatorAlertOptouts).values(off.map((kind) => ({ userId, kind })));
  });
  return getAlertSettings(db, userId);
}
