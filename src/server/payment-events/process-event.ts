import { and, eq } from 'drizzle-orm';
import { getPlan, isPlanId } from '../../domain/plans';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../domain/status';
import type { PaidAfterEnd } from '../alerts/raise';
import { type ExpiredPanel, expireCanceledPanelsTx } from '../billing/panels/panel-billing';
import { queueStripeQuantityTx } from '../billing/panels/stripe-quantity';
import { applyProviderRefundTx, type ProviderRefundEffect } from '../billing/refunds/provider-refund';
import type { DecidedRefund } from '../billing/refunds/refund-rules';
import { expireOrderTx } from '../billing/subscriptions/subscriptions';
import type { Database, Tx } from '../db/client';
import { orders, payments, processedEvents } from '../db/schema';
import { cancelUnpaidOrderTx } from '../lifecycle/order-moves';
import { renewingPanels } from '../lifecycle/renewing';
import type { OrderRow } from '../lifecycle/result';
import {
  markPastDueTx,
  renewSubscriptionTx,
  syncSubscriptionFromProviderTx,
} from '../lifecycle/subscription-moves';
import { confirmPaymentTx, UnknownOrderError } from '../payments/confirm';
import type { ProviderEvent } from '../payments/events';

export interface EventEffects {
  /** Runs in the event's transaction when it pays an order (the 'Order confirmed' e-mail). */
  onPaid?(tx: Tx, orderId: number): Promise<void>;
  /** Runs in the event's transaction when a provider refund closes a request (the customer's e-mail). */
  onRefundDecided?(tx: Tx, decided: DecidedRefund): Promise<void>;
  /** Runs in the event's transaction when a renewal failed and the subscription went past due. */
  onRenewalFailed?(tx: Tx, orderId: number): Promise<void>;
  /** Runs in the event's transaction when a renewal was charged after its order ended. */
  onPaidAfterEnd?(tx: Tx, payment: PaidAfterEnd): Promise<void>;
  /** Runs in the event's transaction when canceled panels of a running order reached their end. */
  onPanelsExpired?(tx: Tx, orderId: number, ended: ExpiredPanel[]): Promise<void>;
}

/**
 * The panels an invoice paid for, from its lines: one per unit, except a plan line bought
 * before the plan was priced per panel (one unit at the whole plan's price), which is the
 * plan's panels. Null when the invoice names no lines.
 */
function panelsPaidFor(order: OrderRow, lines: { quantity: number; unitCents: number }[] | undefined) {
  if (!lines || lines.length === 0) return null;
  const plan = isPlanId(order.planId) ? getPlan(order.planId) : null;
  return lines.reduce(
    (panels, line) =>
      panels +
      (plan && plan.adminPanels > 1 && line.unitCents === order.planPriceCents
        ? line.quantity * plan.adminPanels
        : line.quantity),
    0,
  );
}

export type EventOutcome =
  | {
      result: 'applied';
      paidOrderId?: number;
      pastDueOrderId?: number;
      /** A refund made at the provider changed an order: its after-commit work (refund-service.ts). */
      providerRefund?: ProviderRefundEffect;
    }
  | { result: 'duplicate' }
  /**
   * The event refers to something we have not seen yet (out of order): it is tried again later,
   * and at once when `waitingFor` (`subscription:<id>`, `charge:<id>`, `order:<id>`) arrives.
   */
  | { result: 'retry'; reason: string; waitingFor?: string };

class RetryLater extends Error {
  constructor(
    message: string,
    readonly waitingFor: string,
  ) {
    super(message);
  }
}

/**
 * Applies one provider event exactly once: the event id is recorded in the same
 * transaction as its effect, so a redelivery is a no-op and a failure leaves no trace.
 * Given a transaction, it runs inside it (a savepoint), so a caller can commit the event
 * together with a change of its own.
 */
export async function processProviderEvent(
  db: Database,
  { provider, id, event }: ProviderEvent,
  now: Date = new Date(),
  effects: EventEffects = {},
): Promise<EventOutcome> {
  try {
    return await db.transaction(async (tx): Promise<EventOutcome> => {
      const fresh = await tx
        .insert(processedEvents)
        .values({ provider, eventId: id, type: event.type, processedAt: now })
        .onConflictDoNothing()
        .returning({ id: processedEvents.eventId });
      if (fresh.length === 0) return { result: 'duplicate' };

      const panelsPeriodOver = async (orderId: number, periodEnd: Date) => {
        const ended = await expireCanceledPanelsTx(tx, orderId, periodEnd, 'provider', now);
        if (ended.length > 0) await effects.onPanelsExpired?.(tx, orderId, ended);
      };

      const orderBySubscription = async (subscriptionId: string) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.provider, provider), eq(orders.providerSubscriptionId, subscriptionId)))
          .for('update');
        if (!order) {
          throw new RetryLater(
            `no order for subscription ${subscriptionId} yet`,
            `subscription:${subscriptionId}`,
          );
        }
        return order;
      };

      switch (event.type) {
        case 'checkout.completed': {
          const { newlyPaid, paidAfterDeletion } = await confirmPaymentTx(tx, {
            orderId: event.orderId,
            provider,
            chargeId: event.chargeId,
            sessionId: event.sessionId,
            amountCents: event.amountCents,
            method: provider === 'sandbox' ? 'sandbox' : 'card',
            customerId: event.customerId ?? null,
            subscriptionId: event.subscriptionId ?? null,
            now,
          });
          // The account was deleted: the order stays canceled and the money must go back.
          if (paidAfterDeletion) {
            await effects.onPaidAfterEnd?.(tx, {
              id: paidAfterDeletion.paymentId,
              orderId: event.orderId,
              amountCents: event.amountCents,
              chargeId: event.chargeId,
              why: 'account_deleted',
            });
          }
          if (!newlyPaid) return { result: 'applied' };
          await effects.onPaid?.(tx, event.orderId);
          return { result: 'applied', paidOrderId: event.orderId };
        }
        case 'checkout.expired': {
          const cancelReason = event.canceledByCustomer ? 'canceled_by_customer' : 'checkout_expired';
          await cancelUnpaidOrderTx(tx, event.orderId, cancelReason, {
            cause: event.canceledByCustomer ? 'customer' : 'provider',
            at: now,
          });
          return { result: 'applied' };
        }
        case 'invoice.paid': {
          const order = await orderBySubscription(event.subscriptionId);
          /** The invoice's payment, once: a redelivered or repeated event for it inserts nothing. */
          const recordPayment = async (panelCount: number | null, addsPanels: boolean) => {
            const [payment] = await tx
              .insert(payments)
              .values({
                orderId: order.id,
                userId: order.userId,
                amountCents: event.amountCents,
                status: 'completed',
                method: 'card',
                provider,
                providerChargeId: event.chargeId,
                periodStart: event.periodStart,
                periodEnd: event.periodEnd,
                panelCount,
                addsPanels,
                createdAt: now,
                updatedAt: now,
              })
              .onConflictDoNothing({ target: [payments.provider, payments.providerChargeId] })
              .returning({ id: payments.id });
            return payment;
          };
          /** Money for a subscription that has ended: recorded, and the admins told to give it back. */
          const paidAfterEnd = (paymentId: number) =>
            effects.onPaidAfterEnd?.(tx, {
              id: paymentId,
              orderId: order.id,
              amountCents: event.amountCents,
              chargeId: event.chargeId,
              why:
                order.status === 'refunded'
                  ? 'refunded'
                  : order.userId === null
                    ? 'account_deleted'
                    : 'expired',
            });
          if (event.proration) {
            const payment = await recordPayment(event.proration.panels, true);
            if (!payment) return { result: 'applied' };
            const live =
              order.status !== 'refunded' &&
              order.userId !== null &&
              (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(order.subscriptionStatus);
            if (!live) {
              await paidAfterEnd(payment.id);
              return { result: 'applied' };
            }
            // Its failed first attempt made the subscription past due (0019's Stripe row); paid
            // within the period, nothing else is owed: active again, the period where it was.
            if (
              order.subscriptionStatus === 'past_due' &&
              order.currentPeriodEnd &&
              order.currentPeriodEnd > now
            ) {
              await renewSubscriptionTx(tx, order.id, { cause: 'provider', at: now }, (o) => ({
                currentPeriodEnd: o.currentPeriodEnd,
              }));
            }
            return { result: 'applied' };
          }
          const panelCount = panelsPaidFor(order, event.lines) ?? (await renewingPanels(tx, order));
          const payment = await recordPayment(panelCount, false);
          if (!payment) return { result: 'applied' };
          const renewed = await renewSubscriptionTx(
            tx,
            order.id,
            { cause: 'provider', at: now, when: (o) => o.status !== 'refunded' && o.userId !== null },
            (o) => ({
              currentPeriodEnd:
                o.currentPeriodEnd && o.currentPeriodEnd > event.periodEnd
                  ? o.currentPeriodEnd
                  : event.periodEnd,
            }),
          );
          // A payment for an ended subscription is recorded but does not bring its panels back;
          // the admins are told, since someone has to give the money back.
          if (!renewed.ok) {
            await paidAfterEnd(payment.id);
            return { result: 'applied' };
          }
          // The canceled panels were left out of this invoice: their period ended where it starts.
          await panelsPeriodOver(order.id, event.periodStart);
          return { result: 'applied' };
        }
        case 'invoice.payment_failed': {
          const order = await orderBySubscription(event.subscriptionId);
          const pastDue = await markPastDueTx(tx, order.id, { cause: 'provider', at: now });
          if (!pastDue.ok) return { result: 'applied' };
          await effects.onRenewalFailed?.(tx, order.id);
          return { result: 'applied', pastDueOrderId: order.id };
        }
        case 'subscription.updated': {
          const order = await orderBySubscription(event.subscriptionId);
          // Stripe echoes each change we make; one overtaken by a later change of ours (it names
          // another count of renewing panels than ours) must not bring its cancel flag back.
          const stale =
            event.renewingPanels != null && event.renewingPanels !== (await renewingPanels(tx, order));
          const cancelAtPeriodEnd = stale ? order.cancelAtPeriodEnd : event.cancelAtPeriodEnd;
          const synced = await syncSubscriptionFromProviderTx(
            tx,
            order.id,
            { cancelAtPeriodEnd, currentPeriodEnd: event.currentPeriodEnd },
            now,
          );
          // Changed in Stripe's portal: its lines follow the panels that now renew.
          if (synced.ok && synced.before.cancelAtPeriodEnd !== cancelAtPeriodEnd) {
            await queueStripeQuantityTx(tx, order);
          }
          // Stripe moved to the next period: the one the canceled panels were left out of is over.
          const previousEnd = order.currentPeriodEnd;
          if (
            previousEnd &&
            event.currentPeriodEnd &&
            event.currentPeriodEnd > previousEnd &&
            previousEnd <= now
          ) {
            await panelsPeriodOver(order.id, previousEnd);
          }
          return { result: 'applied' };
        }
        case 'subscription.deleted': {
          const order = await orderBySubscription(event.subscriptionId);
          await expireOrderTx(tx, order.id, now, 'provider');
          return { result: 'applied' };
        }
        case 'charge.refunded': {
          const effect = await applyProviderRefundTx(tx, {
            provider,
            chargeId: event.chargeId,
            fullyRefunded: event.fullyRefunded,
            amountRefundedCents: event.amountRefundedCents,
            now,
          });
          if (effect === 'unknown') {
            throw new RetryLater(`no payment for charge ${event.chargeId} yet`, `charge:${event.chargeId}`);
          }
          if (effect?.closed) await effects.onRefundDecided?.(tx, effect.closed);
          return effect ? { result: 'applied', providerRefund: effect } : { result: 'applied' };
        }
      }
    });
  } catch (error) {
    if (error instanceof RetryLater) {
      return { result: 'retry', reason: error.message, waitingFor: error.waitingFor };
    }
    if (error instanceof UnknownOrderError && event.type === 'checkout.completed') {
      return { result: 'retry', reason: error.message, waitingFor: `order:${event.orderId}` };
    }
    if (error instanceof UnknownOrderError) return { result: 'retry', reason: error.message };
    throw error;
  }
}
