import { sql } from 'drizzle-orm';
import type { InvoiceSeller } from '../../../domain/invoice-parties';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { appMeta } from '../../db/schema';

export const INVOICE_SELLER_KEY = 'invoice_seller';

/** The seller as configured now: what a payment recorded from here on copies (0013). */
export function configuredSeller(config: Config): InvoiceSeller {
  return {
    legalName: config.seller.legalName,
    address: config.seller.address,
    country: config.seller.country,
    taxNumber: config.seller.taxNumber,
    email: config.brand.supportEmail,
    phone: config.brand.supportPhone,
    taxRateBasisPoints: config.seller.taxRateBasisPoints,
  };
}

/**
 * Writes the configured seller where the payments trigger reads it (drizzle migration
 * invoice_parties): the database copies it onto every payment, whichever code path inserts
 * it, so no caller has to carry the configuration. Runs as the server becomes ready.
 */
export async function publishInvoiceSeller(db: Database, config: Config): Promise<void> {
  const value = JSON.stringify(configuredSeller(config));
  await db
    .insert(appMeta)
    .values({ key: INVOICE_SELLER_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
}
