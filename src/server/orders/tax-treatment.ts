import { eq } from 'drizzle-orm';
import { reverseChargeApplies, type TaxTreatment } from '../../domain/tax';
import type { Config } from '../config';
import { billingProfiles } from '../db/schema';
import type { TxOrDb } from '../outbox/enqueue';

/**
 * How the customer's new orders are taxed (docs/decisions/0013): the seller's configured rate,
 * and reverse charge from the workspace's billing details as they are now.
 */
export async function taxTreatmentOf(
  db: TxOrDb,
  seller: Pick<Config['seller'], 'country' | 'taxRateBasisPoints'>,
  workspaceId: string,
): Promise<TaxTreatment> {
  const [buyer] = await db
    .select({ country: billingProfiles.country, taxNumber: billingProfiles.taxNumber })
    .from(billingProfiles)
    .where(eq(billingProfiles.workspaceId, workspaceId));
  return {
    rateBasisPoints: seller.taxRateBasisPoints,
    reverseCharge: reverseChargeApplies(seller, buyer ?? null),
  };
}
