import {
  PAYMENT_ACTIVE_TITLE,
  PAYMENT_PENDING_TEXT,
  PAYMENT_PENDING_TITLE,
  PAYMENT_PROCESSING_TITLE,
  PAYMENT_VERIFYING,
  stillChecking,
} from '../../../domain/messages';
import type { VerificationState } from './payment-verification';

interface VerificationView {
  title: string;
  subtitle?: string;
  /** 'Still checking... (n/3)' while a retry is pending or running. */
  note?: string;
}

/** The documented words for each state of the payment return flow. */
export function verificationView(state: VerificationState): VerificationView {
  switch (state.phase) {
    case 'checking':
      return {
        title: PAYMENT_PROCESSING_TITLE,
        subtitle: PAYMENT_VERIFYING,
        ...(state.retry > 0 ? { note: stillChecking(state.retry) } : {}),
      };
    case 'success':
      return { title: PAYMENT_ACTIVE_TITLE };
    case 'pending':
      // Neutral: this state is also where an order that was never paid ends up.
      return { title: PAYMENT_PENDING_TITLE, subtitle: PAYMENT_PENDING_TEXT };
  }
}
