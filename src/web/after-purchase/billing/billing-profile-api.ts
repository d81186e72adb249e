import { useQuery } from '@tanstack/react-query';
import { type BillingProfile, billingProfileResponseSchema } from '../../../domain/api/billing-profile';
import { api } from '../../lib/api';

// The billing profile (owner-only on the server), checked against the server's own schema.

export const BILLING_PROFILE_QUERY_KEY = ['me', 'billing-profile'] as const;

export const useBillingProfile = () =>
  useQuery({
    queryKey: BILLING_PROFILE_QUERY_KEY,
    queryFn: () => api('/api/me/billing-profile', { schema: billingProfileResponseSchema }),
  });

export const saveBillingProfile = (input: BillingProfile) =>
  api('/api/me/billing-profile', { method: 'PUT', body: input, schema: billingProfileResponseSchema });

/** Same-origin, so a plain link downloads it with the session cookie. */
export function creditNotePdfPath(creditNoteId: number): string {
  return `/api/me/credit-notes/${encodeURIComponent(creditNoteId)}/pdf`;
}
