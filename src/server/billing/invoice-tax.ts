import { isEuCountry } from '../../domain/countries';
import type { InvoiceBuyer, InvoiceSeller } from '../../domain/invoice-parties';

export const REVERSE_CHARGE_LINE = 'Reverse charge: VAT to be accounted for by the recipient.';

export interface TaxSplit {
  netCents: number;
  taxCents: number;
  /** Basis points (19% = 1900); 0 when no tax is shown. */
  rateBasisPoints: number;
  reverseCharge: boolean;
}

/**
 * Splits what the customer was charged into net and tax (docs/decisions/0013): the price
 * includes the configured tax, so the total stays the charge and the tax is worked out of it,
 * in whole cents. An EU business (VAT number) in another member state than an EU seller pays
 * no tax: reverse charge.
 */
export function taxSplit(totalCents: number, seller: InvoiceSeller, buyer: InvoiceBuyer | null): TaxSplit {
  const reverseCharge =
    buyer !== null &&
    buyer.taxNumber !== '' &&
    isEuCountry(seller.country) &&
    isEuCountry(buyer.country) &&
    buyer.country !== seller.country;
  const rate = seller.taxRateBasisPoints;
  if (reverseCharge || rate === 0)
    return { netCents: totalCents, taxCents: 0, rateBasisPoints: 0, reverseCharge };
  const netCents = Math.round((totalCents * 10_000) / (10_000 + rate));
  return { netCents, taxCents: totalCents - netCents, rateBasisPoints: rate, reverseCharge: false };
}

/** 1900 → "19%", 775 → "7.75%". */
export const ratePercent = (basisPoints: number): string => `${basisPoints / 100}%`;
