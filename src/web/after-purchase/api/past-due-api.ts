import { billingApi } from '../../../domain/api/billing-endpoints';
import type { PayNowOutcome } from '../../../domain/api/past-due';
import { call } from '../../lib/call';

// The customer's past-due subscriptions and 'Pay now' (docs/decisions/0019-dunning.md).

export type { PastDueSubscription, PayNowOutcome } from '../../../domain/api/past-due';

export const PAST_DUE_QUERY_KEY = ['me', 'past-due'] as const;

export const pastDueQuery = {
  queryKey: PAST_DUE_QUERY_KEY,
  queryFn: async () => (await call(billingApi.pastDue)).subscriptions,
};

export function payNow(orderId: number): Promise<PayNowOutcome> {
  return call(billingApi.payNow, { params: { orderId } });
}
