// @vitest-environment node
import {
  environmentManager,
  QueryClient,
  QueryObserver,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_VERIFY_ERROR_INFO,
  PAYMENT_VERIFY_EXHAUSTED_INFO,
  stillChecking,
} from '../../../domain/messages';
import type { PaymentIds } from '../api/orders-api';
import { checkPayment, type PaymentChecks } from './check-payment';
import {
  type CheckResult,
  paymentCheckQuery,
  type VerificationState,
  verificationOutcome,
  verificationState,
} from './payment-verification';
import { verificationView } from './verification-view';

// TanStack Query polls only in a browser, which it tells by a `window` it looks for once, when
// first imported: the page runs in one, so these tests say so for their own duration.
beforeAll(() => environmentManager.setIsServer(() => false));
afterAll(() => environmentManager.setIsServer(() => typeof window === 'undefined'));

const IDS: PaymentIds = { sessionId: 'sbx_1234567890abcdef', orderId: '42' };

/** Runs the page's query with a scripted check, as the page does, and records each state. */
function harness(answers: Array<boolean | Error>, ids: PaymentIds = IDS) {
  const client = new QueryClient();
  const check = vi.fn(async () => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return next ?? false;
  });
  const observer = new QueryObserver(client, paymentCheckQuery(ids, check));
  const states: VerificationState[] = [];
  const record = (result: QueryObserverResult<CheckResult, Error>) =>
    states.push(verificationState(ids, result));
  record(observer.getCurrentResult());
  const unsubscribe = observer.subscribe(record);
  const stop = () => {
    unsubscribe();
    client.clear();
  };
  return { states, check, stop, last: () => states.at(-1) };
}

let stops: Array<() => void> = [];
const start = (...args: Parameters<typeof harness>) => {
  const h = harness(...args);
  stops.push(h.stop);
  return h;
};

/** The check ended pending for `reason` with the `info` toast, and after `checks` requests asks no more. */
async function expectEndedPending(
  h: ReturnType<typeof start>,
  reason: 'exhausted' | 'error',
  info: string,
  checks: number,
) {
  expect(h.last()).toEqual({ phase: 'pending', reason });
  expect(verificationOutcome(h.last()!)).toEqual({ info });
  await vi.advanceTimersByTimeAsync(60_000);
  expect(h.check).toHaveBeenCalledTimes(checks);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.useRealTimers();
});

describe('payment return flow (docs/product.md §4)', () => {
  it('shows the neutral state at once when there is neither a session id nor an order id', async () => {
    const h = start([], { sessionId: null, orderId: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.check).not.toHaveBeenCalled();
    expect(h.last()).toEqual({ phase: 'pending', reason: 'no-ids' });
    // Nothing to clear, no toast: the flow never started.
    expect(verificationOutcome(h.last()!)).toBeNull();
  });

  it('on success stops checking, and redirects to the dashboard 3 s later', async () => {
    const h = start([true]);
    expect(h.last()).toEqual({ phase: 'checking', retry: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toEqual({ phase: 'success' });
    expect(verificationOutcome(h.last()!)).toEqual({ redirectAfterMs: 3000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.check).toHaveBeenCalledTimes(1);
  });

  it('retries every 3 s, showing Still checking... (n/3), and succeeds on a retry', async () => {
    const h = start([false, false, true]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toEqual({ phase: 'checking', retry: 1 });
    expect(verificationView(h.last()!).note).toBe(stillChecking(1));
    expect(verificationView(h.last()!).note).toBe('Still checking... (1/3)');
    expect(verificationOutcome(h.last()!)).toBeNull();
    await vi.advanceTimersByTimeAsync(2999);
    expect(h.check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.check).toHaveBeenCalledTimes(2);
    expect(verificationView(h.last()!).note).toBe('Still checking... (2/3)');
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.check).toHaveBeenCalledTimes(3);
    expect(h.last()).toEqual({ phase: 'success' });
  });

  it('after 3 retries ends in the neutral state with the info toast', async () => {
    const h = start([false, false, false, false, true]);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(3000 * 3);
    expect(h.check).toHaveBeenCalledTimes(4);
    const notes = h.states.map((s) => verificationView(s).note).filter(Boolean);
    expect(new Set(notes)).toEqual(new Set([stillChecking(1), stillChecking(2), stillChecking(3)]));
    expect(PAYMENT_VERIFY_EXHAUSTED_INFO).toBe(
      'Your payment is being verified by our system. Your admin panels will appear on your dashboard shortly.',
    );
    await expectEndedPending(h, 'exhausted', PAYMENT_VERIFY_EXHAUSTED_INFO, 4);
  });

  it('on an exception ends in the neutral state with the other info toast and stops checking', async () => {
    const h = start([false, new Error('network down'), true]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(PAYMENT_VERIFY_ERROR_INFO).toBe(
      'Your payment is being verified. Please check your dashboard in a few minutes.',
    );
    await expectEndedPending(h, 'error', PAYMENT_VERIFY_ERROR_INFO, 2);
  });

  it('leaving the page cancels the pending retry', async () => {
    const h = start([false, true]);
    await vi.advanceTimersByTimeAsync(0);
    h.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.check).toHaveBeenCalledTimes(1);
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
