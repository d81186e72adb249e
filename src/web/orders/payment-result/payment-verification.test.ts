// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_VERIFY_ERROR_INFO,
  PAYMENT_VERIFY_EXHAUSTED_INFO,
  stillChecking,
} from '../../../domain/messages';
import type { PaymentIds } from '../orders-api';
import { checkPayment, type PaymentChecks } from './check-payment';
import {
  initialVerificationState,
  runPaymentVerification,
  type VerificationEffect,
  type VerificationState,
} from './payment-verification';
import { verificationView } from './verification-view';

const IDS: PaymentIds = { sessionId: 'sbx_1234567890abcdef', orderId: '42' };

/** Runs the machine with a scripted check and records everything it reports. */
function harness(answers: Array<boolean | Error>, ids: PaymentIds = IDS) {
  const states: VerificationState[] = [];
  const effects: VerificationEffect[] = [];
  const clearCurrentOrder = vi.fn();
  const check = vi.fn(async () => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return next ?? false;
  });
  const stop = runPaymentVerification({
    ids,
    check,
    clearCurrentOrder,
    onState: (s) => states.push(s),
    onEffect: (e) => effects.push(e),
  });
  return { states, effects, clearCurrentOrder, check, stop, last: () => states.at(-1) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('payment return flow (docs/product.md §4)', () => {
  it('shows the neutral state at once when there is neither a session id nor an order id', () => {
    const ids = { sessionId: null, orderId: null };
    expect(initialVerificationState(ids)).toEqual({ phase: 'pending', reason: 'no-ids' });
    const h = harness([], ids);
    expect(h.check).not.toHaveBeenCalled();
    expect(h.last()).toEqual({ phase: 'pending', reason: 'no-ids' });
    expect(h.effects).toEqual([]);
  });

  it('on success clears the stored order and redirects to the dashboard 3 s later', async () => {
    const h = harness([true]);
    expect(h.last()).toEqual({ phase: 'checking', retry: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toEqual({ phase: 'success' });
    expect(h.clearCurrentOrder).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(h.effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.effects).toEqual([{ type: 'redirect-to-dashboard' }]);
    expect(h.check).toHaveBeenCalledTimes(1);
  });

  it('retries every 3 s, showing Still checking... (n/3), and succeeds on a retry', async () => {
    const h = harness([false, false, true]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toEqual({ phase: 'checking', retry: 1 });
    expect(verificationView(h.last()!).note).toBe(stillChecking(1));
    expect(verificationView(h.last()!).note).toBe('Still checking... (1/3)');
    await vi.advanceTimersByTimeAsync(2999);
    expect(h.check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.check).toHaveBeenCalledTimes(2);
    expect(verificationView(h.last()!).note).toBe('Still checking... (2/3)');
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.check).toHaveBeenCalledTimes(3);
    expect(h.last()).toEqual({ phase: 'success' });
    expect(h.clearCurrentOrder).toHaveBeenCalledTimes(1);
  });

  it('after 3 retries ends in the neutral state with the info toast and clears the stored order', async () => {
    const h = harness([false, false, false, false, true]);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(3000 * 3);
    expect(h.check).toHaveBeenCalledTimes(4);
    const notes = h.states.map((s) => verificationView(s).note).filter(Boolean);
    expect(new Set(notes)).toEqual(new Set([stillChecking(1), stillChecking(2), stillChecking(3)]));
    expect(h.last()).toEqual({ phase: 'pending', reason: 'exhausted' });
    expect(h.effects).toEqual([{ type: 'info', message: PAYMENT_VERIFY_EXHAUSTED_INFO }]);
    expect(h.effects[0]).toEqual({
      type: 'info',
      message:
        'Your payment is being verified by our system. Your admin panels will appear on your dashboard shortly.',
    });
    expect(h.clearCurrentOrder).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.check).toHaveBeenCalledTimes(4);
  });

  it('on an exception ends in the neutral state with the other info toast and clears the stored order', async () => {
    const h = harness([false, new Error('network down')]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.last()).toEqual({ phase: 'pending', reason: 'error' });
    expect(h.effects).toEqual([{ type: 'info', message: PAYMENT_VERIFY_ERROR_INFO }]);
    expect(PAYMENT_VERIFY_ERROR_INFO).toBe(
      'Your payment is being verified. Please check your dashboard in a few minutes.',
    );
    expect(h.clearCurrentOrder).toHaveBeenCalledTimes(1);
  });

  it('stopping cancels the pending retry and ignores a late answer', async () => {
    const h = harness([false, true]);
    await vi.advanceTimersByTimeAsync(0);
    h.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.check).toHaveBeenCalledTimes(1);
    expect(h.effects).toEqual([]);
    expect(h.clearCurrentOrder).not.toHaveBeenCalled();
  });

  it('stopping after success cancels the redirect (the customer pressed Go to Dashboard)', async () => {
    const h = harness([true]);
    await vi.advanceTimersByTimeAsync(0);
    h.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.effects).toEqual([]);
  });
});

describe('checkPayment: verify, then order status, then payment by session', () => {
  const checks = (over: Partial<PaymentChecks>): PaymentChecks => ({
    verify: vi.fn(async () => false),
    orderStatus: vi.fn(async () => 'pending_payment'),
    paymentStatusBySession: vi.fn(async () => null),
    ...over,
  });

  it('is paid when verify says so, without reading the fallbacks', async () => {
    const c = checks({ verify: vi.fn(async () => true) });
    await expect(checkPayment(IDS, c)).resolves.toBe(true);
    expect(c.orderStatus).not.toHaveBeenCalled();
  });

  it("counts an order status of 'completed' as paid", async () => {
    const c = checks({ orderStatus: vi.fn(async () => 'completed') });
    await expect(checkPayment(IDS, c)).resolves.toBe(true);
    expect(c.orderStatus).toHaveBeenCalledWith('42');
    expect(c.paymentStatusBySession).not.toHaveBeenCalled();
  });

  it("counts a session's payment status of 'completed' as paid", async () => {
    const c = checks({ paymentStatusBySession: vi.fn(async () => 'completed') });
    await expect(checkPayment(IDS, c)).resolves.toBe(true);
    expect(c.paymentStatusBySession).toHaveBeenCalledWith(IDS.sessionId);
  });

  it('is not paid yet when nothing confirms it, and skips reads it has no id for', async () => {
    const c = checks({});
    await expect(checkPayment({ sessionId: null, orderId: '42' }, c)).resolves.toBe(false);
    expect(c.paymentStatusBySession).not.toHaveBeenCalled();
  });

  it('survives a failing verify when a fallback confirms', async () => {
    const c = checks({
      verify: vi.fn(async () => Promise.reject(new Error('502'))),
      paymentStatusBySession: vi.fn(async () => 'completed'),
    });
    await expect(checkPayment(IDS, c)).resolves.toBe(true);
  });

  it('throws when every read failed, so the page shows the error case', async () => {
    const boom = new Error('offline');
    const fail = vi.fn(async () => Promise.reject(boom));
    await expect(
      checkPayment(IDS, { verify: fail, orderStatus: fail, paymentStatusBySession: fail }),
    ).rejects.toBe(boom);
  });
});
