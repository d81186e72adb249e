import { useQuery } from '@tanstack/react-query';
import { billingProfileApi } from '../../../domain/api/endpoints';
import { call } from '../call';

/**
 * How the signed-in customer's new orders are taxed (docs/decisions/0013): the order page
 * prices with it; saving the billing details changes it.
 */
export const TAX_TREATMENT_QUERY_KEY = ['me', 'tax'] as const;

export const useTaxTreatment = () =>
  useQuery({
    queryKey: TAX_TREATMENT_QUERY_KEY,
    queryFn: () => call(billingProfileApi.tax),
  });
