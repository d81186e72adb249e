import { eq } from 'drizzle-orm';
import { type BillingProfile, EMPTY_BILLING_PROFILE } from '../../../domain/api/billing-profile';
import { recordAudit } from '../../audit/audit';
import type { Database } from '../../db/client';
import { billingProfiles } from '../../db/schema';

const FIELDS = ['companyName', 'address', 'country', 'taxNumber', 'invoiceEmail'] as const;

export async function getBillingProfile(db: Database, workspaceId: string): Promise<BillingProfile> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.workspaceId, workspaceId));
  if (!row) return { ...EMPTY_BILLING_PROFILE };
  return {
    companyName: row.companyName,
    address: row.address,
    country: row.country,
    taxNumber: row.taxNumber,
    invoiceEmail: row.invoiceEmail,
  };
}

/**
 * Saves the billing profile (already checked by billingProfileSchema) and logs which fields
 * changed. Invoices issued earlier keep the details they were issued with (0013).
 */
export async function saveBillingProfile(
  db: Database,
  actor: { id: string; email: string; workspaceId: string },
  input: BillingProfile,
  ip: string | null,
): Promise<BillingProfile> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.workspaceId, actor.workspaceId))
      .for('update');
    const changed = FIELDS.filter((f) => (before?.[f] ?? '') !== input[f]);
    if (changed.length === 0) return input;
    const now = new Date();
    await tx
      .insert(billingProfiles)
      .values({ workspaceId: actor.workspaceId, ...input })
      .onConflictDoUpdate({ target: billingProfiles.workspaceId, set: { ...input, updatedAt: now } });
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'billing_profile.updated',
      targetType: 'workspace',
      targetId: actor.workspaceId,
      // Field names only: the values are the customer's personal data.
      details: { fields: changed, workspaceId: actor.workspaceId },
      ip,
    });
    return input;
  });
}
