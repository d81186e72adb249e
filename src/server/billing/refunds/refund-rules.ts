import { REFUND_WINDOW_DAYS } from '../../../domain/constants';
import type { CustomerRefundStatus, RefundRequestStatus } from '../../../domain/status';

// The rules a refund request lives by (D8), read by the request, the decisions and the
// customer's billing page alike.

const WINDOW_MS = REFUND_WINDOW_DAYS * 86_400_000;

/**
 * How long an approval may hold its claim before another attempt may take it over. Longer
 * than any provider round trip (the Stripe client gives up after about a minute), so only a
 * crashed or killed attempt is ever taken over.
 */
export const APPROVAL_CLAIM_TIMEOUT_MS = 5 * 60_000;

/** Inside the 14-day money-back window, counted from the first payment (D8). */
export function withinRefundWindow(paidAt: Date | null, at: Date): boolean {
  return paidAt !== null && at.getTime() - paidAt.getTime() < WINDOW_MS;
}

/**
 * Whether an admin may (re)start the approval: after a provider failure, or when the attempt
 * holding the claim has been silent for longer than any provider call takes (it crashed).
 */
export function approvalRetryable(
  request: { status: RefundRequestStatus; claimedAt: Date | null },
  now: Date,
): boolean {
  if (request.status === 'failed') return true;
  return (
    request.status === 'approving' &&
    (request.claimedAt === null || now.getTime() - request.claimedAt.getTime() >= APPROVAL_CLAIM_TIMEOUT_MS)
  );
}

/** What the customer sees of a request: an approval under way or failed is still under review. */
export function customerRefundStatus(status: RefundRequestStatus): CustomerRefundStatus {
  return status === 'approved' || status === 'denied' ? status : 'requested';
}

/** A committed decision: what the customer is told, and what the admin's screen confirms. */
export interface DecidedRefund {
  requestId: number;
  orderId: number;
  userId: string | null;
  approved: boolean;
  /** Money returned for the order (approved), 0 for a denial. */
  amountCents: number;
  note?: string | undefined;
}
