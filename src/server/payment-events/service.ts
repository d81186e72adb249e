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
import type { SweepObserver } from '../jobs/sweep-status';
import type { OutboxRunner } from '../outbox/runner';
import { confirmPaymentTx } from '../payments/confirm';
import type { ProviderEvent } from '../payments/events';
import { enqueueOrderConfirmation, enqueueOrderConfirmations } from '../provisioning/enqueue-order-mail';
import type { FulfillmentRunner } from '../provisioning/fulfillment-runner';
import { type AppliedEvent, wakeWaitingFor } from './apply-events';
import { createPaymentEventRunner, type PaymentEventRunner } from './event-runner';
import { createIntake, type IntakeResult } from './intake';
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
  /**
   * A web process applies no event itself: it wakes the workers through PostgreSQL
   * (jobs/wakeup.ts). Unset where this process runs the workers' rounds.
   */
  wakeWorkers?: (() => void) | undefined;
  /** Hears how each round of the workers went (jobs/sweep-status.ts). */
  sweepObserver?: SweepObserver | undefined;
}

/**
 * How long the sandbox's Pay button waits for its payment to be applied when this process
 * applies it, so the person lands on a paid order; past it the return page's check takes over.
 */
export const SANDBOX_SETTLE_WAIT_MS = 5_000;

/**
 * Provider events from their arrival to their effects. A webhook's event is recorded by the
 * intake and answered at once (receive); the workers' rounds (`events`) apply it with the
 * 'Order confirmed' e-mail queued in its transaction, then send the mail and allocate
 * (docs/decisions/0024-payment-event-intake.md). A customer's own check with the provider and
 * an admin's confirmation apply at once (handleEvent, confirmManualPayment).
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

  /** What follows a batch the workers applied: the mail kicked, one allocation, the refunds' follow-ups. */
  async function afterBatch(applied: AppliedEvent[]) {
    const outcomes = applied.flatMap((row) => (row.outcome?.result === 'applied' ? [row.outcome] : []));
    const paid = outcomes.some((o) => o.paidOrderId !== undefined);
    if (paid || outcomes.some((o) => o.pastDueOrderId !== undefined)) outbox.kick();
    await Promise.all([
      paid ? fulfillment.run() : null,
      ...outcomes.map((o) =>
        o.providerRefund && afterProviderRefund ? afterProviderRefund(o.providerRefund) : null,
      ),
    ]);
  }

  const events = createPaymentEventRunner({
    db,
    effects,
    onPaidOrders: (tx, orderIds) => enqueueOrderConfirmations(tx, config, orderIds),
    log,
    afterBatch,
    sweepObserver: deps.sweepObserver,
  });
  const intake = createIntake({ db, now });
  const kickWorkers = deps.wakeWorkers ?? events.kick;

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
      // An event the intake holds may have waited for this one (an invoice for this checkout).
      if (outcome.result === 'applied') await wakeWaitingFor(db, event.event);
      await afterEvent(outcome, event.id);
      return outcome;
    },
    /**
     * A verified webhook event: recorded in one short statement (a redelivery records
     * nothing), the workers woken, and answered without waiting for them.
     */
    async receive(event: ProviderEvent): Promise<IntakeResult> {
      const result = await intake.record(event);
      kickWorkers();
      return result;
    },
    /**
     * Records an event in one transaction with the caller's own change (the sandbox marks its
     * session paid with it), so one cannot commit without the other: the row is what the
     * workers apply, after a crash too. `change` returns false when there is nothing to do.
     * Where this process applies events itself, waits up to SANDBOX_SETTLE_WAIT_MS for them.
     */
    async receiveWith(
      event: ProviderEvent,
      change: (tx: Tx) => Promise<boolean>,
    ): Promise<IntakeResult | null> {
      const result = await db.transaction(async (tx) =>
        (await change(tx)) ? intake.recordTx(tx, event) : null,
      );
      if (result === null) return null;
      kickWorkers();
      if (!deps.wakeWorkers) await settleWithin(events, SANDBOX_SETTLE_WAIT_MS);
      return result;
    },
    /** The workers' rounds: started by whatever runs the sweeps (wiring/sweeps.ts). */
    events,
  };
}

/** A round of the workers in this process, or the wait's end, whichever comes first; never throws. */
async function settleWithin(events: PaymentEventRunner, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([
    events.run().then(
      () => undefined,
      () => undefined,
    ),
    waited,
  ]);
  clearTimeout(timer);
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
