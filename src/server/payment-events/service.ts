import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { accountDeletedConflict } from '../account/deleted-conflict';
import { alertPaidAfterEnd, alertRenewalsFailed } from '../alerts/raise';
import { enqueuePanelsExpired } from '../billing/panels/panel-billing-emails';
import { enqueueRefundDecision } from '../billing/refunds/enqueue-refund-decision';
import type { ProviderRefundEffect } from '../billing/refunds/provider-refund';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import { orders } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import type { OutboxRunner } from '../outbox/runner';
import { confirmPaymentTx } from '../payments/confirm';
import type { ProviderEvent } from '../payments/events';
import { enqueueOrderConfirmation } from '../provisioning/enqueue-order-mail';
import type { FulfillmentRunner } from '../provisioning/fulfillment-runner';
import { type EventEffects, type EventOutcome, processProviderEvent } from './process-event';

interface Deps {
  config: Config;
  db: Database;
  outbox: Pick<OutboxRunner, 'kick'>;
  fulfillment: FulfillmentRunner;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: () => Date;
  /** After a provider's refund was recorded: the refund service's follow-up (subscription, outbox kick). */
  afterProviderRefund?: (effect: ProviderRefundEffect) => Promise<void>;
}

/** The event could not be applied with the caller's change, so neither is kept. */
export class EventNotAppliedError extends Error {
  override name = 'EventNotAppliedError';
}

/**
 * The webhook pipeline's end: apply the event once, with the 'Order confirmed' e-mail
 * queued in its transaction; after commit, send the mail and run an allocation sweep.
 */
export function createPaymentsService(deps: Deps) {
  const { config, db, outbox, fulfillment, log, now, afterProviderRefund } = deps;
  const effects: EventEffects = {
    onPaid: (tx, orderId) => enqueueOrderConfirmation(tx, config, orderId),
    onRefundDecided: (tx, decided) => enqueueRefundDecision(tx, config, decided),
    onRenewalFailed: (tx, orderId) => alertRenewalsFailed(tx, config, [orderId]),
    onPaidAfterEnd: (tx, payment) => alertPaidAfterEnd(tx, config, payment),
    onPanelsExpired: (tx, orderId, ended) =>
      enqueuePanelsExpired(tx, config, orderId, ended, ended[0]?.endedAt ?? now()),
  };

  async function afterPaid() {
    outbox.kick();
    await fulfillment.run();
  }

  async function afterEvent(outcome: EventOutcome, eventId: string) {
    if (outcome.result === 'retry') log.warn({ eventId, reason: outcome.reason }, 'payment event deferred');
    if (outcome.result === 'applied' && outcome.paidOrderId !== undefined) await afterPaid();
    // The operators' 'renewal failed' alert was queued with the event.
    if (outcome.result === 'applied' && outcome.pastDueOrderId !== undefined) outbox.kick();
    if (outcome.result === 'applied' && outcome.providerRefund && afterProviderRefund)
      await afterProviderRefund(outcome.providerRefund);
  }

  return {
    /**
     * An admin confirms a bank transfer or crypto payment (D6): the same confirmation
     * path as a provider's event, with the admin recorded in the audit log.
     */
    async confirmManualPayment(orderId: number, admin: { id: string; email: string }, ip: string | null) {
      const paid = await db.transaction(async (tx) => {
        // Locked, so an account deletion committing meanwhile is seen before the order is paid.
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order) throw notFound('No such order.');
        if (order.userId === null) throw accountDeletedConflict();
        if (
          order.provider !== 'manual' ||
          (order.paymentMethod !== 'bank_transfer' && order.paymentMethod !== 'crypto')
        ) {
          throw conflict('Only bank transfer and crypto orders are marked paid by hand.', 'not_manual');
        }
        const result = await confirmPaymentTx(tx, {
          orderId,
          provider: 'manual',
          chargeId: `manual_${orderId}`,
          sessionId: order.providerSessionId,
          amountCents: order.totalCents,
          method: order.paymentMethod,
          now: now(),
          admin: { ...admin, ip },
        });
        // A second admin's click on an order already paid changes nothing, so records nothing.
        if (!result.newlyPaid) return false;
        await enqueueOrderConfirmation(tx, config, orderId);
        return true;
      });
      if (paid) await afterPaid();
      return paid;
    },
    async handleEvent(event: ProviderEvent): Promise<EventOutcome> {
      const outcome = await processProviderEvent(db, event, now(), effects);
      await afterEvent(outcome, event.id);
      return outcome;
    },
    /**
     * Applies an event in one transaction with the caller's own change (the sandbox marks
     * its session paid with it), so one cannot commit without the other. `change` returns
     * false when there is nothing to do; an event that cannot apply (it would be retried
     * later) throws EventNotAppliedError and rolls the change back too.
     */
    async handleEventWith(
      event: ProviderEvent,
      change: (tx: Tx) => Promise<boolean>,
    ): Promise<EventOutcome | null> {
      const outcome = await db.transaction(async (tx) => {
        if (!(await change(tx))) return null;
        const result = await processProviderEvent(tx, event, now(), effects);
        if (result.result === 'retry') throw new EventNotAppliedError(result.reason);
        return result;
      });
      if (outcome) await afterEvent(outcome, event.id);
      return outcome;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
