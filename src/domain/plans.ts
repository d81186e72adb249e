// The plan catalog (docs/product.md §3, §9). The server prices orders from this
// table only (D4); the web renders the same objects so texts never drift.

import { USERS_PER_PANEL } from './constants';

export const PLAN_IDS = ['basic', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  readonly description: string;
  /** Whole US dollars per month, as the documented table states it. */
  readonly pricePerUnit: number;
  readonly billingCycle: 'monthly';
  readonly adminPanels: number;
  readonly maxSeats: number;
  readonly usersPerPanel: number;
  readonly popular: boolean;
  readonly minQuantity: number;
  /** null means unlimited. */
  readonly maxQuantity: number | null;
  readonly features: readonly string[];
  /** Whole US dollars per extra panel per month. */
  readonly addonCost: number;
  readonly ctaText: string;
  /** Integer cents; the only price the server ever charges from (D4). */
  readonly priceCents: number;
  readonly addonCostCents: number;
  /** Maximum additional panels; null means unlimited (D4). */
  readonly addonLimit: number | null;
  /** For 'As low as N cents per mailbox'. */
  readonly mailboxRateCents: number;
  readonly supportTier: string;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    name: 'Basic',
    description: 'One admin panel for small teams getting started.',
    pricePerUnit: 500,
    billingCycle: 'monthly',
    adminPanels: 1,
    maxSeats: 2000,
    usersPerPanel: USERS_PER_PANEL,
    popular: false,
    minQuantity: 1,
    maxQuantity: 1,
    features: ['1 admin panel', 'Up to 2,000 mailbox seats', '699+ domains included', 'Email support'],
    addonCost: 450,
    ctaText: 'Get Started',
    priceCents: 50_000,
    addonCostCents: 45_000,
    addonLimit: 4,
    mailboxRateCents: 25,
    supportTier: 'Email support',
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'Five admin panels for growing organizations.',
    pricePerUnit: 2000,
    billingCycle: 'monthly',
    adminPanels: 5,
    maxSeats: 10_000,
    usersPerPanel: USERS_PER_PANEL,
    popular: true,
    minQuantity: 2,
    maxQuantity: 5,
    features: [
      '5 admin panels',
      'Up to 10,000 mailbox seats',
      '699+ domains per panel',
      'Priority email support',
      'Advanced security',
    ],
    addonCost: 300,
    ctaText: 'Get Started',
    priceCents: 200_000,
    addonCostCents: 30_000,
    addonLimit: 20,
    mailboxRateCents: 20,
    supportTier: 'Priority email support',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Twenty-five admin panels for large institutions at the lowest rate.',
    pricePerUnit: 5000,
    billingCycle: 'monthly',
    adminPanels: 25,
    maxSeats: 50_000,
    usersPerPanel: USERS_PER_PANEL,
    popular: false,
    minQuantity: 6,
    maxQuantity: null,
    features: [
      '25 admin panels',
      'More than 50,000 mailbox seats',
      '699+ domains per panel',
      '24/7 premium support',
      'Dedicated account manager',
      'Custom integrations',
    ],
    addonCost: 200,
    ctaText: 'Get Started',
    priceCents: 500_000,
    addonCostCents: 20_000,
    addonLimit: null,
    mailboxRateCents: 10,
    supportTier: '24/7 premium support',
  },
];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  // Unreachable for a typed PlanId; guards callers that cast unchecked input.
  if (!plan) throw new Error(`Unknown plan: ${String(id)}`);
  return plan;
}
