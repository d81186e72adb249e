import { useQuery } from '@tanstack/react-query';
import {
  PAYMENT_HISTORY_LOAD_FAILED,
  PAYMENT_HISTORY_LOAD_FAILED_DESCRIPTION,
} from '../../../domain/messages';
import { useLoadFailureToast } from '../../lib/use-load-failure-toast';
import { BILLING_QUERY_KEY, fetchBilling } from '../api/billing-api';

/** /billing's data: totals, purchase history and subscriptions, with the documented failure toast. */
export function useBilling() {
  const query = useQuery({
    queryKey: BILLING_QUERY_KEY,
    queryFn: fetchBilling,
    // A renewal or a purchase may have happened since the last visit; ask again on every visit.
    refetchOnMount: 'always',
  });
  useLoadFailureToast(
    query.isError,
    query.errorUpdatedAt,
    'billing-load',
    PAYMENT_HISTORY_LOAD_FAILED,
    PAYMENT_HISTORY_LOAD_FAILED_DESCRIPTION,
  );
  return query;
}
