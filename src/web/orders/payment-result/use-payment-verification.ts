import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PAYMENT_SUCCESS_TOAST } from '../../../domain/messages';
import { ApiRequestError } from '../../lib/api';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { clearCurrentOrder } from '../current-order';
import { getOrderStatus, getPaymentStatusBySession, type PaymentIds, verifyPayment } from '../orders-api';
import { checkPayment } from './check-payment';
import {
  initialVerificationState,
  runPaymentVerification,
  type VerificationState,
} from './payment-verification';

const liveChecks = {
  verify: verifyPayment,
  orderStatus: getOrderStatus,
  paymentStatusBySession: getPaymentStatusBySession,
};

/** Runs the payment return flow for these ids and performs its toasts and redirect. */
export function usePaymentVerification({ sessionId, orderId }: PaymentIds): VerificationState {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState(() => initialVerificationState({ sessionId, orderId }));

  useEffect(() => {
    const check = async (ids: PaymentIds) => {
      try {
        return await checkPayment(ids, liveChecks);
      } catch (error) {
        // The session ended while checking: re-reading it lets the guard send the customer to
        // /login, which brings them back here (with these ids) afterwards.
        if (error instanceof ApiRequestError && error.status === 401) {
          void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        }
        throw error;
      }
    };
    return runPaymentVerification({
      ids: { sessionId, orderId },
      check,
      clearCurrentOrder,
      onState: setState,
      onEffect: (effect) => {
        if (effect.type === 'info') {
          toast.info(effect.message);
          return;
        }
        toast.success(PAYMENT_SUCCESS_TOAST);
        void navigate('/dashboard', { replace: true });
      },
    });
  }, [sessionId, orderId, navigate, queryClient]);

  return state;
}
