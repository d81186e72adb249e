import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { type RefundRequestStatus, user } from '../db/schema';
import type { Mailer } from '../mail/send-email';
import { refundDecisionMessage } from './emails';
import {
  approvalRetryable,
  approveRefund,
  type DecidedRefund,
  denyRefund,
  type ProviderRefundEffect,
  type RefundDecisionDeps,
} from './refunds';

/**
 * Refund decisions for the admin console and the provider's own refunds: the decision
 * commits first, then the customer's e-mail goes out.
 */
export function createRefundService(
  deps: RefundDecisionDeps & { config: Config; mailer: Mailer; log: Pick<FastifyBaseLogger, 'error'> },
) {
  /**
   * The one place a refund decision reaches the customer, always after the decision
   * committed. A failed send is logged, never undoes the decision.
   */
  async function tellCustomer(decided: DecidedRefund) {
    if (!decided.userId) return;
    const [row] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, decided.userId));
    if (!row) return;
    await deps.mailer
      .sendEmail({
        to: row.email,
        ...refundDecisionMessage(
          deps.config,
          decided.orderId,
          decided.approved,
          decided.amountCents,
          decided.note,
        ),
      })
      .catch((err: unknown) =>
        deps.log.error({ err, orderId: decided.orderId }, 'could not send the refund e-mail'),
      );
  }

  return {
    async approve(requestId: number, admin: { id: string; email: string }, ip: string | null) {
      const decided = await approveRefund(deps, requestId, admin, ip);
      await tellCustomer(decided);
      return decided;
    },
    async deny(requestId: number, admin: { id: string; email: string }, note: string, ip: string | null) {
      const decided = await denyRefund(deps.db, requestId, admin, note, deps.now(), ip);
      await tellCustomer(decided);
      return decided;
    },
    /**
     * After a refund made at the provider was recorded (process-event.ts): the subscription
     * there ends, so it charges no more for a refunded order, and a customer whose request
     * it answered is told.
     */
    async afterProviderRefund(effect: ProviderRefundEffect) {
      const provider = deps.providerFor(effect.provider);
      if (effect.cancelSubscriptionId && provider?.cancelSubscription) {
        await provider
          .cancelSubscription(effect.cancelSubscriptionId)
          .catch((err: unknown) =>
            deps.log.error(
              { err, orderId: effect.orderId },
              'could not end the provider subscription of a refunded order',
            ),
          );
      }
      if (effect.closed) await tellCustomer(effect.closed);
    },
    /** Whether the admin console offers 'Retry' for a request. */
    retryable(request: { status: RefundRequestStatus; claimedAt: Date | null }) {
      return approvalRetryable(request, deps.now());
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
