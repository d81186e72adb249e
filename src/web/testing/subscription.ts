import type { Subscription } from '../../domain/api/billing';

/** An active Pro subscription renewing on 2026-04-03, with `over` changed: the tests' starting point. */
export const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  orderId: 5,
  planId: 'pro',
  planName: 'Pro',
  quantity: 5,
  totalCents: 200_000,
  status: 'completed',
  subscriptionStatus: 'active',
  provider: 'sandbox',
  currentPeriodEnd: '2026-04-03T12:00:00.000Z',
  endedAt: null,
  cancelAtPeriodEnd: false,
  renewingPanels: 5,
  renewalPriceCents: 200_000,
  refundable: false,
  pendingCreditCents: 0,
  refundRequest: null,
  ...over,
});
