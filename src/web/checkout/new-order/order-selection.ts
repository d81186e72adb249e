import { MAILBOX_SEATS_PER_ADDON } from '../../../domain/constants';
import { getPlan, isPlanId, type PlanId } from '../../../domain/plans';
import {
  addonSelectOptions,
  type CheckoutMethod,
  monthlyTotalCents,
  panelsDelivered,
} from '../../../domain/pricing';
import { chargedUnitPrices, type TaxTreatment } from '../../../domain/tax';

/** What the customer has chosen on /new-order. */
export interface OrderSelection {
  planId: PlanId | null;
  additionalPanels: number;
  method: CheckoutMethod;
}

type SelectionAction =
  | { type: 'plan'; planId: PlanId }
  | { type: 'addons'; count: number }
  | { type: 'method'; method: CheckoutMethod };

/**
 * The plan comes from the link that brought the customer (?plan=pro). Without one nothing
 * is preselected: the documented 'Please select a plan' exists for that case. Card is the
 * default method when the installation takes cards.
 */
export function initialSelection(
  planParam: string | null,
  methods: readonly CheckoutMethod[],
): OrderSelection {
  return {
    planId: isPlanId(planParam) ? planParam : null,
    additionalPanels: 0,
    method: methods.includes('card') ? 'card' : (methods[0] ?? 'card'),
  };
}

export function selectionReducer(state: OrderSelection, action: SelectionAction): OrderSelection {
  switch (action.type) {
    case 'plan':
      // docs/product.md §4: additional panels reset to 0 whenever the plan changes.
      return action.planId === state.planId
        ? state
        : { ...state, planId: action.planId, additionalPanels: 0 };
    case 'addons':
      // Only counts the plan's select offers; anything else is ignored, not clamped silently.
      if (!state.planId || !addonSelectOptions(state.planId).includes(action.count)) return state;
      return { ...state, additionalPanels: action.count };
    case 'method':
      return { ...state, method: action.method };
  }
}

export interface OrderQuote {
  planCents: number;
  addonCents: number;
  addonUnitCents: number;
  panels: number;
  seats: number;
  totalCents: number;
  /** Under reverse charge: the VAT-inclusive list total and the rate left out of it. */
  reverseCharge: { listCents: number; rateBasisPoints: number } | null;
}

const LIST_PRICES: TaxTreatment = { rateBasisPoints: 0, reverseCharge: false };

/**
 * The figures the page shows, from the shared pricing and VAT rules (docs/decisions/0013): a
 * reverse-charge buyer sees the net prices they will pay. The server prices the order itself.
 */
export function quoteFor(selection: OrderSelection, tax: TaxTreatment = LIST_PRICES): OrderQuote | null {
  const { planId, additionalPanels } = selection;
  if (!planId) return null;
  const plan = getPlan(planId);
  const units = chargedUnitPrices(planId, tax);
  const totalCents = units.planPriceCents + additionalPanels * units.addonPriceCents;
  const listCents = monthlyTotalCents(planId, additionalPanels);
  return {
    planCents: units.planPriceCents,
    addonCents: additionalPanels * units.addonPriceCents,
    addonUnitCents: units.addonPriceCents,
    panels: panelsDelivered(planId, additionalPanels),
    seats: plan.maxSeats + additionalPanels * MAILBOX_SEATS_PER_ADDON,
    totalCents,
    reverseCharge: totalCents < listCents ? { listCents, rateBasisPoints: tax.rateBasisPoints } : null,
  };
}
