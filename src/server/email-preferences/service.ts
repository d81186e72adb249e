import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '../../domain/account-schemas';
import type { AlertKind, EmailPreference } from '../../domain/email-preferences';
import type { Database } from '../db/client';
import { operatorAlertOptouts, user, userSettings } from '../db/schema';

/**
 * Turns one preference off for one person (the one-click link). Repeating it changes
 * nothing more. False when the account no longer exists.
 */
export async function turnPreferenceOff(
  db: Database,
  userId: string,
  preference: EmailPreference,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    if (!found) return false;
    if (preference.startsWith('alert:')) {
      await tx
        .insert(operatorAlertOptouts)
        .values({ userId, kind: preference.slice('alert:'.length) as AlertKind })
        .onConflictDoNothing();
      return true;
    }
    const column = preference as 'orderUpdates' | 'marketingEmails';
    const now = new Date();
    await tx
      .insert(userSettings)
      .values({ userId, ...DEFAULT_SETTINGS, [column]: false, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { [column]: false, updatedAt: now } });
    return true;
  });
}
