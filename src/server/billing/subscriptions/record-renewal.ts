import { and, eq } from 'drizzle-orm';
import { addMonth } from '../../../domain/billing-period';
import { RENEWAL_GRACE_DAYS } from '../../../domain/constants';
import { invoiceLabel } from '../../../domain/format';
import { isManualMethod } from '../../../domain/payment-details';
import { accountDeletedConflict } from '../../account/deleted-conflict';
import type { Actor } from '../../auth/actor';
import type { Config } from '../../config';
import { applyCreditTx } from '../../credits/apply';
import { pendingCreditTx } from '../../credits/grant';
import type { Database } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { settlePanelEndsTx } from '../../lifecycle/panel-moves';
import { renewingPanels } from '../../lifecycle/renewing';
import { renewSubscriptionTx } from '../../lifecycle/subscription-moves';
import { enqueueOrderEmail } from '../../outbox/order-recipients';
import type { OutboxRunner } from '../../outbox/runner';
import { renewalReceivedMessage } from './subscription-emails';

export interface RenewalInput {
  amountCents: number;
  /** The bank's transfer reference or the transaction hash, kept in the audit log. */
  reference: string | undefined;
  /**
   * The period end the admin saw when recording. It names the charge, so a second click (or a
   * second admin) on the same renewal records nothing instead of a second month.
   */
  forPeriodEnd: Date;
}

export interface RenewalResult {
  /** False when this renewal was already recorded: nothing changed. */
  recorded: boolean;
  periodEnd: string | null;
  /** The new payment's invoice number ('INV-0042'), numbered as the transaction committed. */
  invoice: string | null;
}

const chargeIdOf = (orderId: number, periodEnd: Date) =>
  `manual_renewal_${orderId}_${periodEnd.toISOString()}`;

/**
 * An admin records a bank transfer or crypto renewal that arrived (D8): one payment row
 * (its own charge id, its own gap-free invoice number, shown on /billing with its PDF) and
 * the period extended by a month from where it ended, so paying late in the grace period
 * buys no free days. A past-due subscription becomes active again.
 */
export function createManualRenewals(deps: {
  config: Config;
  db: Database;
  outbox: Pick<OutboxRunner, 'kick'>;
  now: () => Date;
}) {
  const { config, db } = deps;
  return {
    async record(orderId: number, input: RenewalInput, actor: Actor): Promise<RenewalResult> {
      const now = deps.now();
      const chargeId = chargeIdOf(orderId, input.forPeriodEnd);
      const outcome = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order) throw notFound('No such order.');
        if (order.userId === null) throw accountDeletedConflict();
        if (order.provider !== 'manual' || !isManualMethod(order.paymentMethod)) {
          throw conflict('Only bank transfer and crypto renewals are recorded by hand.', 'not_manual');
        }
        const [earlier] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.provider, 'manual'), eq(payments.providerChargeId, chargeId)));
        if (earlier) return { paymentId: earlier.id, recorded: false, periodEnd: order.currentPeriodEnd };

        const end = order.currentPeriodEnd;
        const running =
          (order.status === 'paid' || order.status === 'completed') &&
          end !== null &&
          (order.subscriptionStatus === 'active' ||
            (order.subscriptionStatus === 'past_due' &&
              end.getTime() + RENEWAL_GRACE_DAYS * 86_400_000 > now.getTime()));
        if (!running || !end) {
          throw conflict(
            'This subscription is not running any more; the customer places a new order instead.',
            'subscription_ended',
          );
        }
        if (end.getTime() !== input.forPeriodEnd.getTime()) {
          throw conflict(
            'The order changed meanwhile. Reload it and check before recording.',
            'period_changed',
          );
        }
        const panelCount = await renewingPanels(tx, order);
        if (panelCount === 0) {
          throw conflict(
            'Every panel of this subscription was canceled; it ends with this period and nothing renews.',
            'subscription_ended',
          );
        }
        const next = addMonth(end);
        const [payment] = await tx
          .insert(payments)
          .values({
            orderId: order.id,
            userId: order.userId,
            amountCents: input.amountCents,
            status: 'completed',
            method: order.paymentMethod,
            provider: 'manual',
            providerChargeId: chargeId,
            periodStart: end,
            periodEnd: next,
            panelCount,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: payments.id });
        if (!payment) throw new Error('payment insert returned nothing');
        // The renewal invoice asked for the price minus a pending late-delivery credit (§10).
        const credit = await pendingCreditTx(tx, order.id);
        if (credit) {
          await applyCreditTx(tx, credit.id, { paymentId: payment.id, chargedCents: input.amountCents }, now);
        }
        const renewed = await renewSubscriptionTx(
          tx,
          order.id,
          {
            cause: 'admin',
            at: now,
            audit: {
              actor,
              details: {
                amountCents: input.amountCents,
                panels: panelCount,
                ...(input.reference ? { reference: input.reference } : {}),
                periodEnd: next.toISOString(),
              },
            },
          },
          () => ({ currentPeriodStart: end, currentPeriodEnd: next }),
        );
        // The running check above read the row locked: the table agrees with it.
        if (!renewed.ok) throw new Error(`renewal of order ${order.id} refused: ${renewed.reason}`);
        // The canceled panels were not paid for: they end with the period this renewal follows.
        await settlePanelEndsTx(tx, order.id, end, { cause: 'admin', at: now });
        await enqueueOrderEmail(
          tx,
          order.id,
          'billing',
          renewalReceivedMessage(config, order.id, input.amountCents, next, panelCount),
        );
        return { paymentId: payment.id, recorded: true, periodEnd: next };
      });
      if (outcome.recorded) deps.outbox.kick();
      // The number exists once the transaction committed (schema.ts `invoiceNumber`).
      const [numbered] = await db
        .select({ invoiceNumber: payments.invoiceNumber })
        .from(payments)
        .where(eq(payments.id, outcome.paymentId));
      return {
        recorded: outcome.recorded,
        periodEnd: outcome.periodEnd?.toISOString() ?? null,
        invoice: numbered?.invoiceNumber != null ? invoiceLabel(numbered.invoiceNumber) : null,
      };
    },
  };
}

export type ManualRenewals = ReturnType<typeof createManualRenewals>;
