import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS, type ProfileInput, type UserSettings } from '../../domain/account-schemas';
import type { Database } from '../db/client';
import { user, userProfiles, userSettings } from '../db/schema';
import { notFound } from '../http/errors';

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
