import { eq } from 'drizzle-orm';
import { type ProfileInput, savedSettings, type UserSettings } from '../../domain/account-schemas';
import type { Database } from '../db/client';
import { user, userProfiles, userSettings } from '../db/schema';
import { notFound } from '../http/errors';

export interface Profile extends ProfileInput {
  email: string;
  memberSince: string;
}

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db
    .select({ account: user, profile: userProfiles })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound();
  const { account, profile } = row;
  return {
    fullName: account.name,
    companyName: profile?.companyName ?? '',
    phone: profile?.phone ?? '',
    country: profile?.country ?? '',
    email: account.email,
    memberSince: account.createdAt.toISOString(),
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
  return savedSettings(row);
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
