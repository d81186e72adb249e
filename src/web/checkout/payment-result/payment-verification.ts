import type { Query, QueryObserverOptions } from '@tanstack/react-query';
import {
  PAYMENT_SUCCESS_REDIRECT_MS,
  PAYMENT_VERIFY_INTERVAL_MS,
  PAYMENT_VERIFY_RETRIES,
} from '../../../domain/constants';
import { PAYMENT_VERIFY_ERROR_INFO, PAYMENT_VERIFY_EXHAUSTED_INFO } from '../../../domain/messages';
import type { PaymentIds } from '../api/orders-api';

/**
 * What /payment-success shows (docs/product.md §4, "Payment return flow"):
 * - checking: the first check (retry 0) or retry n of PAYMENT_VERIFY_RETRIES;
 * - success: 'Subscription Active';
 * - pending: the neutral 'Payment Being Processed' (no ids, retries used up, or an error).
 */
export type VerificationState =
  | { phase: 'checking'; retry: number }
  | { phase: 'success' }
  | { phase: 'pending'; reason: 'no-ids' | 'exhausted' | 'error' };

/** One answer, with how many checks have run so far: the retry count lives in the data. */
export interface CheckResult {
  paid: boolean;
  checks: number;
}

type CheckQuery = QueryObserverOptions<CheckResult, Error, CheckResult, CheckResult, readonly unknown[]>;

const hasIds = ({ sessionId, orderId }: PaymentIds) => Boolean(sessionId || orderId);

const exhausted = (data: CheckResult) => data.checks > PAYMENT_VERIFY_RETRIES;

/** Another check 3 s after each "not yet", until the retries are used up; never after an error. */
function nextCheckIn({ state }: Query<CheckResult, Error, CheckResult, readonly unknown[]>): number | false {
  const { data, status } = state;
  return status === 'success' && data && !data.paid && !exhausted(data) ? PAYMENT_VERIFY_INTERVAL_MS : false;
}

/**
 * The flow as one polled query. `check` answers true = paid, false = not yet, and throws for
 * the error case. Nothing else may trigger a check (no retry, focus or reconnect refetch), since
 * every check counts towards the three; a hidden tab keeps checking, and a page visited again
 * starts afresh.
 */
export function paymentCheckQuery(ids: PaymentIds, check: (ids: PaymentIds) => Promise<boolean>): CheckQuery {
  const queryKey = ['payment-verification', ids.sessionId, ids.orderId] as const;
  return {
    queryKey,
    queryFn: async ({ client }) => {
      const before = client.getQueryData<CheckResult>(queryKey)?.checks ?? 0;
      return { paid: await check(ids), checks: before + 1 };
    },
    enabled: hasIds(ids),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchInterval: nextCheckIn,
    refetchIntervalInBackground: true,
  };
}

/** The page's state for the query's current result. */
export function verificationState(
  ids: PaymentIds,
  { status, data }: { status: 'pending' | 'error' | 'success'; data?: CheckResult },
): VerificationState {
  if (!hasIds(ids)) return { phase: 'pending', reason: 'no-ids' };
  if (status === 'error') return { phase: 'pending', reason: 'error' };
  if (!data) return { phase: 'checking', retry: 0 };
  if (data.paid) return { phase: 'success' };
  // Shown during the wait too, so the customer sees at once that it is still being checked.
  return exhausted(data)
    ? { phase: 'pending', reason: 'exhausted' }
    : { phase: 'checking', retry: data.checks };
}

/**
 * What the page does once the flow has ended, besides forgetting the stored current order id:
 * null while checking, and when it never started (no ids, so nothing to forget).
 */
type VerificationOutcome = { info: string } | { redirectAfterMs: number };

export function verificationOutcome(state: VerificationState): VerificationOutcome | null {
  if (state.phase === 'checking') return null;
  if (state.phase === 'success') return { redirectAfterMs: PAYMENT_SUCCESS_REDIRECT_MS };
  if (state.reason === 'exhausted') return { info: PAYMENT_VERIFY_EXHAUSTED_INFO };
  return state.reason === 'error' ? { info: PAYMENT_VERIFY_ERROR_INFO } : null;
}
