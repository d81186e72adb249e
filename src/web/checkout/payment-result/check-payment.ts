import type { PaymentIds } from '../api/orders-api';

/** The three reads of the documented payment return flow, injectable so the order can be tested. */
export interface PaymentChecks {
  verify: (ids: PaymentIds) => Promise<boolean>;
  orderStatus: (orderId: string) => Promise<string>;
  paymentStatusBySession: (sessionId: string) => Promise<string | null>;
}

const CONFIRMED = 'completed';

/**
 * docs/product.md §4, "Payment return flow": ask verify first; when it does not confirm, the
 * order's status, then the session's payment row, each counting as paid only when
 * 'completed'. A fallback that fails is just "not confirmed" (verify may still have failed
 * for a passing reason); only when every read that ran failed is it an exception, which the
 * caller treats as the error case rather than as "not paid yet".
 */
export async function checkPayment(ids: PaymentIds, checks: PaymentChecks): Promise<boolean> {
  const steps: Array<() => Promise<boolean>> = [() => checks.verify(ids)];
  const { orderId, sessionId } = ids;
  if (orderId) steps.push(async () => (await checks.orderStatus(orderId)) === CONFIRMED);
  if (sessionId) steps.push(async () => (await checks.paymentStatusBySession(sessionId)) === CONFIRMED);

  let firstError: unknown;
  let failures = 0;
  for (const step of steps) {
    try {
      if (await step()) return true;
    } catch (error) {
      failures += 1;
      firstError ??= error;
    }
  }
  if (failures === steps.length) throw firstError;
  return false;
}
