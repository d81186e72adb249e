import { isEuCountry } from './countries';
import { getPlan, type PlanId } from './plans';

/*
 * VAT on what a customer pays (docs/decisions/0013-invoices-and-tax.md). List prices include
 * the seller's rate; a reverse-charge buyer pays the list price less the VAT it includes. The
 * server prices orders with these functions and the order page shows the same figures.
 */

/** The one word for the tax on invoices, credit notes, checkout and pages. */
export const TAX_WORD = 'VAT';
export const REVERSE_CHARGE_LINE = 'Reverse charge: VAT to be accounted for by the recipient.';

/** 1900 → "19%", 775 → "7.75%". */
export const ratePercent = (basisPoints: number): string => `${basisPoints / 100}%`;

/**
 * An EU business (a VAT number) in another member state than an EU seller: it accounts for
 * the VAT itself, so none is charged.
 */
export function reverseChargeApplies(
  seller: { country: string },
  buyer: { country: string; taxNumber: string } | null,
): boolean {
  return (
    buyer !== null &&
    buyer.taxNumber !== '' &&
    isEuCountry(seller.country) &&
    isEuCountry(buyer.country) &&
    buyer.country !== seller.country
  );
}

/** The part of a VAT-inclusive amount that is not VAT, in whole cents. */
export const netOfIncludedTax = (grossCents: number, rateBasisPoints: number): number =>
  Math.round((grossCents * 10_000) / (10_000 + rateBasisPoints));

/** How a customer's orders are taxed: the seller's rate and whether reverse charge applies. */
export interface TaxTreatment {
  rateBasisPoints: number;
  reverseCharge: boolean;
}

/**
 * The unit prices an order charges: the list prices, or under reverse charge each list price
 * less the VAT it includes. Per unit, so an invoice's lines always add up to its total.
 */
export function chargedUnitPrices(
  planId: PlanId,
  tax: TaxTreatment,
): { planPriceCents: number; addonPriceCents: number } {
  const plan = getPlan(planId);
  if (!tax.reverseCharge || tax.rateBasisPoints === 0)
    return { planPriceCents: plan.priceCents, addonPriceCents: plan.addonCostCents };
  return {
    planPriceCents: netOfIncludedTax(plan.priceCents, tax.rateBasisPoints),
    addonPriceCents: netOfIncludedTax(plan.addonCostCents, tax.rateBasisPoints),
  };
}

/** The monthly amount an order charges with `additionalPanels` add-ons. */
export function chargedMonthlyCents(planId: PlanId, additionalPanels: number, tax: TaxTreatment): number {
  const units = chargedUnitPrices(planId, tax);
  return units.planPriceCents + additionalPanels * units.addonPriceCents;
}
