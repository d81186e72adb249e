import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/audit';
import type { Database } from '../db/client';
import { orders, payments } from '../db/schema';
import { refundAfterDeletionTx } from '../lifecycle/order-moves';
import { expireSubscriptionTx } from '../lifecycle/subscription-moves';
import type { PaymentProvider } from '../payments/provider';

/*
 * The provider half of an account deletion (docs/decisions/0003-accounts.md, Deleting an
 * account). The deletion's transaction has already claimed each order; these steps run
 * after its commit, from the request and again from the sweep (deleted-orders-sweep.ts)
 * until the provider has done its part. Every provider call here is safe to repeat.
 */

export interface ProviderStepDeps {
  db: Database;
  providerFor: (name: string) => PaymentProvider | null;
  log: Pick<FastifyBaseLogger, 'error'>;
  now: () => Date;
}

/**
 * The request writes its failure into the audit log; the sweep's retries only log, or an
 * order the provider keeps refusing would add a line to the audit log every few minutes.
 * Success is always audited, so the log tells the story: failed, then done.
 */
export interface StepOptions {
  auditFailure: boolean;
}

/**
 * Subscription states that, on an order whose customer is gone, mean the provider may still
 * charge: 'canceled' is what the deletion writes; 'active' and 'past_due' remain on accounts
 * deleted before the deletion ended subscriptions in our records. 'expired' is written once the
 * provider confirmed, as its own `subscription.deleted` event would. (A renewal charged in
 * between no longer makes it active again: it is recorded and flagged, lifecycle/ refuses it.)
 */
export const UNCONFIRMED_SUBSCRIPTION = ['active', 'past_due', 'canceled'] as const;

/** The provider's message goes into the audit log: a line, not a stack trace. */
const ERROR_TEXT_MAX = 500;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX - 1)}…` : text;
}

/**
 * A failed provider step is logged with the order id (and audited, see StepOptions). The
 * order's claimed state is the marker the sweep retries from; touching `updated_at` sends
 * the order to the back of the sweep's line, so one order the provider keeps refusing
 * cannot hold up the others.
 */
async function recordFailure(
  deps: ProviderStepDeps,
  options: StepOptions,
  failure: { orderId: number; action: string; error: unknown; details: Record<string, unknown> },
) {
  const { orderId, action, error, details } = failure;
  deps.log.error({ err: error, orderId }, `${action} (account deletion)`);
  try {
    await deps.db.transaction(async (tx) => {
      await tx.update(orders).set({ updatedAt: deps.now() }).where(eq(orders.id, orderId));
      if (!options.auditFailure) return;
      await recordAudit(tx, {
        actorId: null,
        action,
        targetType: 'order',
        targetId: orderId,
        details: { ...details, error: errorText(error) },
      });
    });
  } catch (err) {
    // The order still carries its marker; only this audit line is lost.
    deps.log.error({ err, orderId }, 'could not record a provider failure');
  }
}

export type CancelResult = 'canceled' | 'failed' | 'nothing_remote';

/**
 * Ends a deleted customer's subscription at the provider now, so it charges no more.
 * 'nothing_remote' when the provider keeps no subscription of its own (sandbox, manual:
 * our records already ended it).
 */
export async function cancelDeletedSubscription(
  deps: ProviderStepDeps,
  order: { id: number; provider: string; providerSubscriptionId: string | null },
  options: StepOptions,
): Promise<CancelResult> {
  const subscriptionId = order.providerSubscriptionId;
  if (!subscriptionId) return 'nothing_remote';
  const provider = deps.providerFor(order.provider);
  if (provider && !provider.cancelSubscription) return 'nothing_remote';
  const details = { provider: order.provider, subscriptionId };
  try {
    if (!provider?.cancelSubscription)
      throw new Error(`The ${order.provider} payment provider is not configured.`);
    await provider.cancelSubscription(subscriptionId);
  } catch (error) {
    await recordFailure(deps, options, {
      orderId: order.id,
      action: 'subscription.provider_cancel_failed',
      error,
      details,
    });
    return 'failed';
  }
  const now = deps.now();
  await deps.db.transaction((tx) =>
    // Refused when the provider's own event expired it first, or (never yet) the account is back.
    expireSubscriptionTx(tx, order.id, {
      cause: 'account_deletion',
      at: now,
      when: (o) => o.userId === null,
      audit: { details: { ...details, reason: 'account_deleted' } },
    }),
  );
  return 'canceled';
}

export interface RefundResult {
  /** Returned by the provider in this call. */
  refundedCents: number;
  /** Still with us after this call: the sweep tries again. */
  pendingCents: number;
}

type Due = { id: number; amountCents: number };

/**
 * Records what the provider returned: those payments become refunded, and the order
 * (canceled by the deletion) becomes refunded once none of its money is left with us. The
 * provider's own `charge.refunded` may have marked some payments already; both orders of
 * arrival end the same.
 */
async function recordRefunds(deps: ProviderStepDeps, orderId: number, moved: Due[]) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const marked = await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: now })
      .where(
        and(
          inArray(
            payments.id,
            moved.map((p) => p.id),
          ),
          eq(payments.status, 'completed'),
        ),
      )
      .returning({ id: payments.id, amountCents: payments.amountCents });
    for (const p of marked) {
      await recordAudit(tx, {
        actorId: null,
        action: 'payment.refunded',
        targetType: 'order',
        targetId: orderId,
        details: { paymentId: p.id, amountCents: p.amountCents, source: 'account_deleted' },
      });
    }
    const [left] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'completed')))
      .limit(1);
    if (left) return;
    await refundAfterDeletionTx(tx, orderId, {
      cause: 'account_deletion',
      at: now,
      audit: { details: { source: 'account_deleted' } },
    });
  });
}

/**
 * Returns at the provider every payment still held for an order the deletion canceled
 * while it waited for stock, then records it. Money that moved is recorded even when a
 * later payment of the same order fails; the rest stays for the sweep.
 */
export async function refundCanceledOrder(
  deps: ProviderStepDeps,
  order: { id: number; provider: string },
  options: StepOptions,
): Promise<RefundResult> {
  const due = await deps.db
    .select({ id: payments.id, amountCents: payments.amountCents, chargeId: payments.providerChargeId })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'completed')))
    .orderBy(payments.id);
  const provider = deps.providerFor(order.provider);
  const moved: Due[] = [];
  let failure: unknown = null;
  try {
    if (!provider?.refund) throw new Error(`The ${order.provider} payment provider cannot refund here.`);
    for (const payment of due) {
      if (!payment.chargeId) throw new Error(`Payment ${payment.id} has no provider charge to refund.`);
      await provider.refund(payment.chargeId, payment.amountCents);
      moved.push(payment);
    }
  } catch (error) {
    failure = error;
  }
  if (moved.length > 0) await recordRefunds(deps, order.id, moved);
  const total = (list: Due[]) => list.reduce((s, p) => s + p.amountCents, 0);
  if (failure !== null) {
    await recordFailure(deps, options, {
      orderId: order.id,
      action: 'refund.provider_failed',
      error: failure,
      details: { provider: order.provider, pendingCents: total(due) - total(moved) },
    });
  }
  return { refundedCents: total(moved), pendingCents: total(due) - total(moved) };
}
