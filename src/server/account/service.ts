import { and, eq } from 'drizzle-orm';
import { type ProfileInput, savedSettings, type UserSettings } from '../../domain/account-schemas';
import { billingProfileSchema, EMPTY_BILLING_PROFILE } from '../../domain/api/billing-profile';
import { recordAudit } from '../audit/audit';
import type { Database } from '../db/client';
import { billingProfiles, user, userProfiles, userSettings, workspaces } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { ensurePersonalWorkspace } from '../workspaces/personal';

export interface Profile extends ProfileInput {
  email: string;
  memberSince: string;
}

/**
 * The profile page's fields: the name from the account, the phone from the profile row, and
 * company and country from the billing details of their personal workspace, where its invoices
 * read them (one source each, docs/decisions/0013-invoices-and-tax.md, 0023-workspaces.md).
 */
export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db
    .select({ account: user, profile: userProfiles, billing: billingProfiles })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .leftJoin(workspaces, and(eq(workspaces.createdBy, user.id), eq(workspaces.personal, true)))
    .leftJoin(billingProfiles, eq(billingProfiles.workspaceId, workspaces.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound();
  const { account, profile, billing } = row;
  return {
    fullName: account.name,
    companyName: billing?.companyName ?? '',
    phone: profile?.phone ?? '',
    country: billing?.country ?? '',
    email: account.email,
    memberSince: account.createdAt.toISOString(),
  };
}

export async function updateProfile(
  db: Database,
  actor: { id: string; email: string },
  input: ProfileInput,
  ip: string | null,
): Promise<Profile> {
  const now = new Date();
  const userId = actor.id;
  await db.transaction(async (tx) => {
    await tx.update(user).set({ name: input.fullName, updatedAt: now }).where(eq(user.id, userId));
    await tx
      .insert(userProfiles)
      .values({ id: userId, phone: input.phone, updatedAt: now })
      .onConflictDoUpdate({ target: userProfiles.id, set: { phone: input.phone, updatedAt: now } });
    const workspaceId = await ensurePersonalWorkspace(tx, userId);
    const [before] = await tx
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.workspaceId, workspaceId))
      .for('update');
    const billing = { companyName: input.companyName, country: input.country };
    // The billing details stay valid as a whole: a VAT number must still fit its country.
    const current = before
      ? {
          companyName: before.companyName,
          address: before.address,
          country: before.country,
          taxNumber: before.taxNumber,
          invoiceEmail: before.invoiceEmail,
        }
      : EMPTY_BILLING_PROFILE;
    const whole = billingProfileSchema.safeParse({ ...current, ...billing });
    if (!whole.success) throw badRequest(whole.error.issues[0]?.message ?? 'Invalid billing details.');
    const changed = (['companyName', 'country'] as const).filter((f) => (before?.[f] ?? '') !== billing[f]);
    if (changed.length === 0) return;
    await tx
      .insert(billingProfiles)
      .values({ workspaceId, ...billing })
      .onConflictDoUpdate({ target: billingProfiles.workspaceId, set: { ...billing, updatedAt: now } });
    // The same record as a change made on /billing: field names only, not the values.
    await recordAudit(tx, {
      actorId: userId,
      actorEmail: actor.email,
      action: 'billing_profile.updated',
      targetType: 'workspace',
      targetId: workspaceId,
      details: { fields: changed, workspaceId },
      ip,
    });
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
