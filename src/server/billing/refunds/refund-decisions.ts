import { and, eq, notInArray } from 'drizzle-orm';
import { recordActorAudit } from '../../audit/audit';
import type { Database, Tx } from '../../db/client';
import { orders, payments, refundRequests } from '../../db/schema';
import { ApiError, conflict, notFound } from '../../http/errors';
import type { PaymentProvider } from '../../payments/provider';
import { emitRefundEvent } from '../../webhooks/emit';
import { closeRefundedOrderTx, refundedCents } from './refund-close';
import { approvalRetryable, type DecidedRefund, withinRefundWindow } from './refund-rules';

/** The provider's message is shown to admins; a stack trace or a novel is not. */
const ERROR_TEXT_MAX = 500;

export interface RefundDecisionDeps {
  db: Database;
  providerFor: (name: string) => PaymentProvider | null;
  now: () => Date;
  /** Runs in the transaction that records a decision (its e-mail: enqueue-refund-decision.ts). */
  onDecided?(tx: Tx, decided: DecidedRefund): Promise<void>;
}

type Admin = { id: string; email: string };

/** Every step of a refund decision is audited on its order, as the admin who took it. */
function auditDecision(
  db: Pick<Database, 'insert'>,
  admin: Admin,
  ip: string | null,
  action: string,
  orderId: number,
  details: Record<string, unknown>,
): Promise<void> {
  return recordActorAudit(db, { ...admin, ip }, { action, targetType: 'order', targetId: orderId, details });
}

/**
 * Step 1 of an approval: one transaction takes the request from 'requested' (or 'failed', or
 * an abandoned 'approving') to 'approving' with a new attempt number. From then on a denial
 * cannot happen, and a second approval is told the refund is under way, so no two attempts
 * call the provider at the same time.
 */
async function claimApproval(deps: RefundDecisionDeps, requestId: number, admin: Admin, ip: string | null) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.id, requestId))
      .for('update');
    if (!request) throw notFound('No such refund request.');
    if (request.status === 'approved' || request.status === 'denied')
      throw conflict(`This request was already ${request.status}.`, 'refund_decided');
    if (request.status === 'approving' && !approvalRetryable(request, now))
      throw conflict('This refund is being processed right now.', 'refund_in_progress');
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId));
    if (!order) throw notFound('No such order.');
    if (!withinRefundWindow(order.paidAt, request.createdAt)) {
      throw conflict(
        'This request was made after the 14-day window and cannot be approved.',
        'refund_window_closed',
      );
    }
    const attempt = request.approvalAttempts + 1;
    await tx
      .update(refundRequests)
      .set({
        status: 'approving',
        approvalAttempts: attempt,
        claimedAt: now,
        decidedBy: admin.id,
        updatedAt: now,
      })
      .where(eq(refundRequests.id, requestId));
    await auditDecision(tx, admin, ip, 'refund.approval_started', order.id, {
      requestId,
      attempt,
      ...(request.status === 'requested' ? {} : { resumedFrom: request.status }),
    });
    return { attempt, order };
  });
}

/**
 * Step 2, outside any transaction: the provider returns the money of every payment not yet
 * refunded and ends the subscription. Every call is safe to repeat (the Stripe provider
 * refunds with an idempotency key per charge and skips a subscription already ended), which
 * is what makes a retry after a failure or a crash safe. Returns the payments refunded.
 */
async function refundAtProvider(
  deps: RefundDecisionDeps,
  order: { id: number; provider: string; providerSubscriptionId: string | null },
): Promise<number[]> {
  const provider = deps.providerFor(order.provider);
  // Recording a refund whose money never moved is the mismatch this flow exists to prevent.
  if (!provider) throw new Error(`The ${order.provider} payment provider is not configured.`);
  const paid = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'completed')));
  for (const payment of paid) {
    // Providers without refund (bank transfer, crypto) are refunded by hand; we record it.
    if (!provider.refund) continue;
    if (!payment.providerChargeId) throw new Error(`Payment ${payment.id} has no provider charge to refund.`);
    await provider.refund(payment.providerChargeId, payment.amountCents);
  }
  if (provider.cancelSubscription && order.providerSubscriptionId) {
    await provider.cancelSubscription(order.providerSubscriptionId);
  }
  return paid.map((p) => p.id);
}

class PaymentArrivedError extends Error {}

/**
 * Step 3: one transaction records what the provider did, if this attempt still holds the
 * claim. Null when another attempt took the claim over (this one was presumed dead).
 */
async function finishApproval(
  deps: RefundDecisionDeps,
  claim: { requestId: number; attempt: number; orderId: number },
  refundedIds: number[],
  admin: Admin,
  ip: string | null,
): Promise<DecidedRefund | null> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Order first, then request, then payments: the order the provider's charge.refunded
    // takes its locks in too (applyProviderRefundTx), so the two cannot deadlock.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, claim.orderId)).for('update');
    const [request] = await tx
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.id, claim.requestId))
      .for('update');
    if (request?.status !== 'approving' || request.approvalAttempts !== claim.attempt) return null;
    // A renewal charged while we were refunding was not refunded; closing the order now would
    // record money as returned that the customer still lacks.
    const late = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, claim.orderId),
          eq(payments.status, 'completed'),
          ...(refundedIds.length > 0 ? [notInArray(payments.id, refundedIds)] : []),
        ),
      );
    if (late.length > 0) {
      throw new PaymentArrivedError(
        `Payment ${late.map((p) => p.id).join(', ')} arrived while refunding; approve again to refund it too.`,
      );
    }
    await closeRefundedOrderTx(tx, claim.orderId, refundedIds, now);
    await tx
      .update(refundRequests)
      .set({ status: 'approved', decidedBy: admin.id, decidedAt: now, lastError: null, updatedAt: now })
      .where(eq(refundRequests.id, claim.requestId));
    await emitRefundEvent(tx, 'refund.approved', claim.requestId, now);
    const amountCents = await refundedCents(tx, claim.orderId);
    await auditDecision(tx, admin, ip, 'refund.approved', claim.orderId, {
      requestId: claim.requestId,
      attempt: claim.attempt,
      amountCents,
    });
    const decided: DecidedRefund = {
      requestId: claim.requestId,
      orderId: claim.orderId,
      userId: request.userId,
      approved: true,
      amountCents,
    };
    await deps.onDecided?.(tx, decided);
    return decided;
  });
}

/** Leaves a failed attempt visible and retryable, unless another attempt has taken over. */
async function markApprovalFailed(
  deps: RefundDecisionDeps,
  claim: { requestId: number; attempt: number; orderId: number },
  message: string,
  admin: Admin,
  ip: string | null,
) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(refundRequests)
      .set({ status: 'failed', lastError: message, updatedAt: now })
      .where(
        and(
          eq(refundRequests.id, claim.requestId),
          eq(refundRequests.status, 'approving'),
          eq(refundRequests.approvalAttempts, claim.attempt),
        ),
      )
      .returning({ id: refundRequests.id });
    if (!failed) return;
    await auditDecision(tx, admin, ip, 'refund.approval_failed', claim.orderId, {
      requestId: claim.requestId,
      attempt: claim.attempt,
      error: message,
    });
  });
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX - 1)}…` : text;
}

/**
 * Approves a refund (D8; docs/decisions/0005-payments-and-jobs.md, Refunds): claim the request,
 * then ask the provider, then record the outcome. The server re-checks the 14-day rule on the
 * request's date. A provider failure leaves the request 'failed' with the provider's message,
 * to be approved again; never denied, since some of the money may already have moved.
 */
export async function approveRefund(
  deps: RefundDecisionDeps,
  requestId: number,
  admin: Admin,
  ip: string | null,
): Promise<DecidedRefund> {
  const { attempt, order } = await claimApproval(deps, requestId, admin, ip);
  const claim = { requestId, attempt, orderId: order.id };
  let decided: DecidedRefund | null;
  try {
    const refundedIds = await refundAtProvider(deps, order);
    decided = await finishApproval(deps, claim, refundedIds, admin, ip);
  } catch (error) {
    const message = errorText(error);
    await markApprovalFailed(deps, claim, message, admin, ip);
    throw new ApiError(
      502,
      'refund_failed',
      error instanceof PaymentArrivedError
        ? message
        : `The payment provider did not complete the refund (${message}). The request is marked failed; approve it again to retry.`,
    );
  }
  if (!decided) throw conflict('Another approval of this request finished it.', 'refund_decided');
  return decided;
}

export async function denyRefund(
  db: Database,
  requestId: number,
  admin: Admin,
  note: string,
  now: Date,
  ip: string | null,
  onDecided?: RefundDecisionDeps['onDecided'],
): Promise<DecidedRefund> {
  return db.transaction(async (tx) => {
    // Only an untouched request can be denied: once an approval has claimed it, money may move.
    const [request] = await tx
      .update(refundRequests)
      .set({ status: 'denied', decidedBy: admin.id, decisionNote: note, decidedAt: now, updatedAt: now })
      .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'requested')))
      .returning();
    if (request) await emitRefundEvent(tx, 'refund.denied', request.id, now);
    if (!request) {
      const [current] = await tx
        .select({ status: refundRequests.status })
        .from(refundRequests)
        .where(eq(refundRequests.id, requestId));
      if (!current) throw notFound('No such refund request.');
      if (current.status === 'approving' || current.status === 'failed')
        throw conflict(
          'This refund has been approved and is being processed; it can no longer be denied.',
          'refund_in_progress',
        );
      throw conflict(`This request was already ${current.status}.`, 'refund_decided');
    }
    await auditDecision(tx, admin, ip, 'refund.denied', request.orderId, { requestId });
    const decided: DecidedRefund = {
      requestId: request.id,
      orderId: request.orderId,
      userId: request.userId,
      approved: false,
      amountCents: 0,
      note,
    };
    await onDecided?.(tx, decided);
    return decided;
  });
}
