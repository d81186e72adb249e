import type { InvoiceBuyer, InvoiceSeller } from '../../../domain/invoice-parties';
import { netOfIncludedTax, reverseChargeApplies } from '../../../domain/tax';

export interface TaxSplit {
  netCents: number;
  taxCents: number;
  /** Basis points (19% = 1900); 0 when no VAT is shown. */
  rateBasisPoints: number;
  reverseCharge: boolean;
}

/**
 * Splits what the customer was charged into net and VAT (docs/decisions/0013): the price
 * includes the configured VAT, so the total stays the charge and the VAT is worked out of it,
 * in whole cents. A reverse-charge buyer was charged the net price already: no VAT.
 */
export function taxSplit(totalCents: number, seller: InvoiceSeller, buyer: InvoiceBuyer | null): TaxSplit {
  const reverseCharge = reverseChargeApplies(seller, buyer);
  const rate = seller.taxRateBasisPoints;
  if (reverseCharge || rate === 0)
    return { netCents: totalCents, taxCents: 0, rateBasisPoints: 0, reverseCharge };
  const netCents = netOfIncludedTax(totalCents, rate);
  return { netCents, taxCents: totalCents - netCents, rateBasisPoints: rate, reverseCharge: false };
}
