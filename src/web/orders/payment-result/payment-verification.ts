import {
  PAYMENT_SUCCESS_REDIRECT_MS,
  PAYMENT_VERIFY_INTERVAL_MS,
  PAYMENT_VERIFY_RETRIES,
} from '../../../domain/constants';
import { PAYMENT_VERIFY_ERROR_INFO, PAYMENT_VERIFY_EXHAUSTED_INFO } from '../../../domain/messages';
import type { PaymentIds } from '../orders-api';

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

/** Side effects the page performs; the machine only decides when. */
export type VerificationEffect = { type: 'redirect-to-dashboard' } | { type: 'info'; message: string };

export interface Timers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface VerificationOptions {
  ids: PaymentIds;
  /** true = paid, false = not yet; a throw is the error case. */
  check: (ids: PaymentIds) => Promise<boolean>;
  /** Forgets the stored current order id (on success, exhaustion and error). */
  clearCurrentOrder: () => void;
  onState: (state: VerificationState) => void;
  onEffect: (effect: VerificationEffect) => void;
  /** Defaults to the global timers, which vitest's fake timers replace. */
  timers?: Timers;
}

export const INITIAL_VERIFICATION_STATE: VerificationState = { phase: 'checking', retry: 0 };

export function initialVerificationState(ids: PaymentIds): VerificationState {
  return ids.sessionId || ids.orderId ? INITIAL_VERIFICATION_STATE : { phase: 'pending', reason: 'no-ids' };
}

const globalTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * Runs the payment return flow once and returns a stop function. Stopping (the page
 * unmounts, or React re-runs the effect) cancels pending timers and ignores any answer that
 * arrives later, so a left page never toasts or redirects.
 */
export function runPaymentVerification(options: VerificationOptions): () => void {
  const { ids, check, clearCurrentOrder, onState, onEffect } = options;
  const timers = options.timers ?? globalTimers;
  let stopped = false;
  let timer: unknown;

  const later = (ms: number, run: () => void) => {
    timer = timers.setTimeout(() => {
      timer = undefined;
      if (!stopped) run();
    }, ms);
  };

  const finish = (state: VerificationState, effect?: VerificationEffect) => {
    clearCurrentOrder();
    onState(state);
    if (effect) onEffect(effect);
  };

  const attempt = async (retry: number): Promise<void> => {
    onState({ phase: 'checking', retry });
    let paid: boolean;
    try {
      paid = await check(ids);
    } catch {
      if (!stopped)
        finish({ phase: 'pending', reason: 'error' }, { type: 'info', message: PAYMENT_VERIFY_ERROR_INFO });
      return;
    }
    if (stopped) return;
    if (paid) {
      finish({ phase: 'success' });
      later(PAYMENT_SUCCESS_REDIRECT_MS, () => onEffect({ type: 'redirect-to-dashboard' }));
    } else if (retry < PAYMENT_VERIFY_RETRIES) {
      // Shown during the wait too, so the customer sees at once that it is still being checked.
      onState({ phase: 'checking', retry: retry + 1 });
      later(PAYMENT_VERIFY_INTERVAL_MS, () => void attempt(retry + 1));
    } else {
      finish(
        { phase: 'pending', reason: 'exhausted' },
        { type: 'info', message: PAYMENT_VERIFY_EXHAUSTED_INFO },
      );
    }
  };

  const initial = initialVerificationState(ids);
  if (initial.phase === 'pending') onState(initial);
  else void attempt(0);

  return () => {
    stopped = true;
    if (timer !== undefined) timers.clearTimeout(timer);
  };
}
