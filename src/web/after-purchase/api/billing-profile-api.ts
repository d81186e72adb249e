import { useQuery } from '@tanstack/react-query';
import type { BillingProfile } from '../../../domain/api/billing-profile';
import { billingProfileApi } from '../../../domain/api/endpoints';
import { call } from '../../lib/call';
import { pathOf } from '../../lib/endpoint-path';

// The billing profile (owner-only on the server), checked against the server's own schema.

export const BILLING_PROFILE_QUERY_KEY = ['me', 'billing-profile'] as const;

export const useBillingProfile = () =>
  useQuery({
    queryKey: BILLING_PROFILE_QUERY_KEY,
    queryFn: () => call(billingProfileApi.get),
  });

export const saveBillingProfile = (input: BillingProfile) => call(billingProfileApi.save, { body: input });

/** Same-origin, so a plain link downloads it with the session cookie. */
export function creditNotePdfPath(creditNoteId: number): string {
  return pathOf(billingProfileApi.creditNote, { params: { creditNoteId } });
}
