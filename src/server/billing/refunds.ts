import { and, eq, inArray, notInArray, sql, sum } from 'drizzle-orm';
import { REFUND_WINDOW_DAYS } from '../../domain/constants';
import {
  type CustomerRefundStatus,
  OPEN_REFUND_STATUSES,
  type RefundRequestStatus,
} from '../../domain/status';
import { recordActorAudit, recordAudit } from '../audit/audit';
import { lapsePendingCredits } from '../credits/lapse';
import type { Database } from '../db/client';
import { orders, panels, payments, refundRequests } from '../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { closeRequestsOfEndedPanels } from '../replacements/close';
import { emitRefundEvent, emitSubscriptionEvent } from '../webhooks/emit';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const WINDOW_MS = REFUND_WINDOW_DAYS * 86_400_000;

/**
 * How long an approval may hold its claim before another attempt may take it over. Longer
 * than any provider round trip (the Stripe client gives up after about a minute), so only a
 * crashed or killed attempt is ever taken over.
 */
export const APPROVAL_CLAIM_TIMEOUT_MS = 5 * 60_000;

/** The provider's message is shown to admins; a stack trace or a novel is not. */
const ERROR_TEXT_MAX = 500;

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

export interface RefundRequestEffects {
  /** Runs in the request's transaction (the operators' 'refund requested' alert). */
  onRequested?(tx: Tx, request: typeof refundRequests.$inferSelect): Promise<void>;
}

export async function requestRefund(
  db: Database,
  input: { orderId: number; userId: string; reason: string; now: Date; ip: string | null },
  effects: RefundRequestEffects = {},
) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
      .for('update');
    if (!order) throw notFound('No such order.');
    if (order.status !== 'paid' && order.status !== 'completed') {
      throw badRequest('Only a paid order can be refunded.', 'not_refundable');
    }
    if (!withinRefundWindow(order.paidAt, input.now)) {
      throw badRequest(
        `Refunds are available within ${REFUND_WINDOW_DAYS} days of purchase; this order is older. There are no pro-rated refunds.`,
        'refund_window_closed',
      );
    }
    const [open] = await tx
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(and(eq(refundRequests.orderId, order.id), inArray(refundRequests.status, OPEN_REFUND_STATUSES)));
    if (open)
      throw conflict(
        'A refund request for this order is already waiting for review.',
        'refund_already_requested',
      );
    const [created] = await tx
      .insert(refundRequests)
      .values({
        orderId: order.id,
        userId: input.userId,
        reason: input.reason,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    await recordAudit(tx, {
      actorId: input.userId,
      action: 'refund.requested',
      targetType: 'order',
      targetId: order.id,
      ip: input.ip,
    });
    if (!created) throw new Error('refund request insert returned nothing');
    await emitRefundEvent(tx, 'refund.requested', created.id, input.now);
    await effects.onRequested?.(tx, created);
    return created;
  });
}

export interface RefundDecisionDeps {
  db: Database;
  providerFor: (name: string) => PaymentProvider | null;
  now: () => Date;
  /** Runs in the transaction that records a decision (the customer's e-mail, refund-mail.ts). */
  onDecided?(tx: Tx, decided: DecidedRefund): Promise<void>;
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
 * Moves the order's money and its records to refunded: the payments given (completed ones
 * only), the order (once: `refunded_at` keeps the first time), its subscription in our
 * records, and its panels (retired; gone from the customer's list). Safe to run again: an
 * approval finishing after the provider's `charge.refunded` already closed the order
 * changes nothing more.
 */
async function closeRefundedOrderTx(tx: Tx, orderId: number, paymentIds: number[], now: Date) {
  if (paymentIds.length > 0) {
    await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: now })
      .where(and(inArray(payments.id, paymentIds), eq(payments.status, 'completed')));
  }
  const closed = await tx
    .update(orders)
    .set({
      status: 'refunded',
      refundedAt: now,
      subscriptionStatus: 'canceled',
      cancelAtPeriodEnd: false,
      updatedAt: now,
    })
    .where(and(eq(orders.id, orderId), sql`${orders.status} <> 'refunded'`))
    .returning({ id: orders.id });
  // A refunded order's subscription ends at once: the customer's integration hears it here.
  if (closed.length > 0) await emitSubscriptionEvent(tx, 'subscription.canceled', orderId, now);
  await tx
    .update(panels)
    .set({ status: 'retired', updatedAt: now })
    .where(and(eq(panels.orderId, orderId), inArray(panels.status, ['sold', 'expired'])));
  await closeRequestsOfEndedPanels(tx, { orderId }, now);
  await lapsePendingCredits(tx, { orderId });
}

async function refundedCents(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sum(payments.amountCents) })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'refunded')));
  return Number(row?.total ?? 0);
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
      throw badRequest(
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

/** What a refund made at the provider (its `charge.refunded`) changed in our records. */
export interface ProviderRefundEffect {
  orderId: number;
  provider: string;
  /** The provider subscription to end now that the whole order is refunded, if any. */
  cancelSubscriptionId: string | null;
  /** An open request this closed as approved: its customer is told, in the event's transaction. */
  closed: DecidedRefund | null;
}

export const PROVIDER_REFUND_NOTE = 'Refunded through our payment provider.';

/**
 * A refund made at the provider (Stripe's dashboard, or the echo of our own approval) brought
 * into our records, inside the event's transaction. A partial refund is only logged: our
 * payments are either paid or refunded. Returns 'unknown' for a charge we have no payment for
 * yet, so the provider delivers the event again later.
 */
export async function applyProviderRefundTx(
  tx: Tx,
  input: {
    provider: string;
    chargeId: string;
    fullyRefunded: boolean;
    amountRefundedCents: number;
    now: Date;
  },
): Promise<ProviderRefundEffect | null | 'unknown'> {
  const { now } = input;
  const byCharge = and(eq(payments.provider, input.provider), eq(payments.providerChargeId, input.chargeId));
  const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(byCharge);
  if (!found) return 'unknown';
  // Order, then payment, then request: the order an approval's finish locks in too.
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
  const [payment] = await tx.select().from(payments).where(byCharge).for('update');
  if (!order || !payment) return 'unknown';
  if (!input.fullyRefunded) {
    await recordAudit(tx, {
      actorId: null,
      action: 'payment.partially_refunded',
      targetType: 'order',
      targetId: payment.orderId,
      details: { paymentId: payment.id, amountRefundedCents: input.amountRefundedCents },
    });
    return null;
  }

  if (payment.status === 'completed') {
    await tx.update(payments).set({ status: 'refunded', updatedAt: now }).where(eq(payments.id, payment.id));
    await recordAudit(tx, {
      actorId: null,
      action: 'payment.refunded',
      targetType: 'order',
      targetId: order.id,
      details: { paymentId: payment.id, amountCents: payment.amountCents, source: 'provider' },
    });
  }
  const [unrefunded] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'completed')))
    .limit(1);
  const live = order.status === 'paid' || order.status === 'completed';
  // Part of the order's money is still with us: the order stays as it is.
  if (unrefunded || !live) return null;

  await closeRefundedOrderTx(tx, order.id, [], now);
  const amountCents = await refundedCents(tx, order.id);
  await recordAudit(tx, {
    actorId: null,
    action: 'order.refunded',
    targetType: 'order',
    targetId: order.id,
    details: { amountCents, source: 'provider' },
  });

  const [open] = await tx
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.orderId, order.id), inArray(refundRequests.status, OPEN_REFUND_STATUSES)))
    .for('update');
  // An approval under way owns its request: it finishes it (idempotently over what we just
  // did), tells the customer and ends the subscription itself.
  if (open?.status === 'approving') {
    return { orderId: order.id, provider: order.provider, cancelSubscriptionId: null, closed: null };
  }
  let closed: DecidedRefund | null = null;
  if (open) {
    await tx
      .update(refundRequests)
      .set({
        status: 'approved',
        decidedAt: now,
        decisionNote: PROVIDER_REFUND_NOTE,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(refundRequests.id, open.id));
    await emitRefundEvent(tx, 'refund.approved', open.id, now);
    await recordAudit(tx, {
      actorId: null,
      action: 'refund.approved',
      targetType: 'order',
      targetId: order.id,
      details: { requestId: open.id, amountCents, source: 'provider' },
    });
    closed = {
      requestId: open.id,
      orderId: order.id,
      userId: open.userId,
      approved: true,
      amountCents,
      note: PROVIDER_REFUND_NOTE,
    };
  }
  return {
    orderId: order.id,
    provider: order.provider,
    cancelSubscriptionId: order.providerSubscriptionId,
    closed,
  };
}
