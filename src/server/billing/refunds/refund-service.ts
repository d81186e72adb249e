import type { FastifyBaseLogger } from 'fastify';
import type { RefundRequestStatus } from '../../../domain/status';
import type { Config } from '../../config';
import type { OutboxRunner } from '../../outbox/runner';
import { enqueueRefundDecision } from './enqueue-refund-decision';
import type { ProviderRefundEffect } from './provider-refund';
import { approveRefund, denyRefund, type RefundDecisionDeps } from './refund-decisions';
import { approvalRetryable } from './refund-rules';

/**
 * Refund decisions for the admin console and the provider's own refunds. The customer's
 * e-mail is queued in the transaction that records the decision (enqueue-refund-decision.ts),
 * and the outbox is kicked once it committed.
 */
export function createRefundService(
  deps: Omit<RefundDecisionDeps, 'onDecided'> & {
    config: Config;
    outbox: Pick<OutboxRunner, 'kick'>;
    log: Pick<FastifyBaseLogger, 'error'>;
  },
) {
  const onDecided: RefundDecisionDeps['onDecided'] = (tx, decided) =>
    enqueueRefundDecision(tx, deps.config, decided);

  return {
    async approve(requestId: number, admin: { id: string; email: string }, ip: string | null) {
      const decided = await approveRefund({ ...deps, onDecided }, requestId, admin, ip);
      deps.outbox.kick();
      return decided;
    },
    async deny(requestId: number, admin: { id: string; email: string }, note: string, ip: string | null) {
      const decided = await denyRefund(deps.db, requestId, admin, note, deps.now(), ip, onDecided);
      deps.outbox.kick();
      return decided;
    },
    /**
     * After a refund made at the provider was recorded (payment-events/process-event.ts, which also queued
     * the customer's e-mail when it closed their request): the subscription there ends, so
     * it charges no more for a refunded order.
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
      if (effect.closed) deps.outbox.kick();
    },
    /** Whether the admin console offers 'Retry' for a request. */
    retryable(request: { status: RefundRequestStatus; claimedAt: Date | null }) {
      return approvalRetryable(request, deps.now());
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
