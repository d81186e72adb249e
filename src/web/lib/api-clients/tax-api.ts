import { useQuery } from '@tanstack/react-query';
import { taxTreatmentSchema } from '../../../domain/api/billing-profile';
import { api } from '../api';

/**
 * How the signed-in customer's new orders are taxed (docs/decisions/0013): the order page
 * prices with it; saving the billing details changes it.
 */
export const TAX_TREATMENT_QUERY_KEY = ['me', 'tax'] as const;

export const useTaxTreatment = () =>
  useQuery({
    queryKey: TAX_TREATMENT_QUERY_KEY,
    queryFn: () => api('/api/me/tax', { schema: taxTreatmentSchema }),
  });
