import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_SETTINGS, type ProfileInput, type UserSettings } from '../../domain/account-schemas';
import { recordAudit } from '../audit/audit';
import type { Database } from '../db/client';
import { adminPanelInventory, orders, user, userProfiles, userSettings } from '../db/schema';
import { badRequest, notFound } from '../http/errors';

export interface Profile extends ProfileInput {
  email: string;
  memberSince: string;
}

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db
    .select({
      name: user.name,
      email: user.email,
      createdAt: user.createdAt,
      companyName: userProfiles.companyName,
      phone: userProfiles.phone,
      country: userProfiles.country,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound();
  return {
    fullName: row.name,
    companyName: row.companyName ?? '',
    phone: row.phone ?? '',
    country: row.country ?? '',
    email: row.email,
    memberSince: row.createdAt.toISOString(),
  };
}

export async function updateProfile(db: Database, userId: string, input: ProfileInput): Promise<Profile> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(user).set({ name: input.fullName, updatedAt: now }).where(eq(user.id, userId));
    const values = {
      companyName: input.companyName,
      phone: input.phone,
      country: input.country,
      updatedAt: now,
    };
    await tx
      .insert(userProfiles)
      .values({ id: userId, ...values })
      .onConflictDoUpdate({ target: userProfiles.id, set: values });
  });
  return getProfile(db, userId);
}

export async function getSettings(db: Database, userId: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    emailNotifications: row.emailNotifications,
    marketingEmails: row.marketingEmails,
    orderUpdates: row.orderUpdates,
    sessionTimeout: row.sessionTimeout,
  };
}

export async function updateSettings(
  db: Database,
  userId: string,
  input: UserSettings,
): Promise<UserSettings> {
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
  return getSettings(db, userId);
}

/**
 * Deletes the account (D9). Orders and payments stay for accounting with the user link
 * removed (the foreign keys set it to null); live subscriptions end now; panels the user
 * held are retired so an admin rotates their credentials before restocking.
 */
export async function deleteAccount(
  db: Database,
  who: { id: string; email: string },
  confirmEmail: string,
  ip: string | null,
): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== who.email.toLowerCase()) {
    throw badRequest('Type your email address exactly to confirm.', 'confirmation_mismatch');
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(orders)
      .set({ subscriptionStatus: 'canceled', cancelAtPeriodEnd: false, canceledAt: now, updatedAt: now })
      .where(and(eq(orders.userId, who.id), inArray(orders.subscriptionStatus, ['active', 'past_due'])));
    await tx
      .update(adminPanelInventory)
      .set({ status: 'retired', updatedAt: now })
      .where(and(eq(adminPanelInventory.soldTo, who.id), eq(adminPanelInventory.status, 'sold')));
    await tx.delete(user).where(eq(user.id, who.id));
    await recordAudit(tx, {
      actorId: null,
      action: 'account.deleted',
      targetType: 'user',
      targetId: who.id,
      ip,
    });
  });
}
