import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PAYMENT_SUCCESS_TOAST } from '../../../domain/messages';
import { ApiRequestError } from '../../lib/api';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { getOrderStatus, getPaymentStatusBySession, type PaymentIds, verifyPayment } from '../api/orders-api';
import { clearCurrentOrder } from '../current-order';
import { checkPayment } from './check-payment';
import {
  paymentCheckQuery,
  type VerificationState,
  verificationOutcome,
  verificationState,
} from './payment-verification';

const liveChecks = {
  verify: verifyPayment,
  orderStatus: getOrderStatus,
  paymentStatusBySession: getPaymentStatusBySession,
};

// StrictMode runs the ending effect twice in development; one id keeps it to one toast.
const OUTCOME_TOAST_ID = 'payment-verification';

/** Runs the payment return flow for these ids and performs its toasts and redirect. */
export function usePaymentVerification(ids: PaymentIds): VerificationState {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(
    paymentCheckQuery(ids, async (checked) => {
      try {
        return await checkPayment(checked, liveChecks);
      } catch (error) {
        // The session ended while checking: re-reading it lets the guard send the customer to
        // /login, which brings them back here (with these ids) afterwards.
        if (error instanceof ApiRequestError && error.status === 401) {
          void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        }
        throw error;
      }
    }),
  );
  const state = verificationState(ids, query);
  const outcome = verificationOutcome(state);
  const info = outcome && 'info' in outcome ? outcome.info : null;
  const redirectAfterMs = outcome && 'redirectAfterMs' in outcome ? outcome.redirectAfterMs : null;

  useEffect(() => {
    if (info === null && redirectAfterMs === null) return;
    clearCurrentOrder();
    if (info !== null) {
      toast.info(info, { id: OUTCOME_TOAST_ID });
      return;
    }
    // Leaving first (Go to Dashboard) cancels the redirect and its toast.
    const timer = setTimeout(() => {
      toast.success(PAYMENT_SUCCESS_TOAST);
      void navigate('/dashboard', { replace: true });
    }, redirectAfterMs ?? 0);
    return () => clearTimeout(timer);
  }, [info, redirectAfterMs, navigate]);

  return state;
}
