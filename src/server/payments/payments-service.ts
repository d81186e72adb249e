import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/audit';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import type { Mailer } from '../mail/send-email';
import { orderConfirmationMessage } from '../provisioning/emails';
import type { FulfillmentRunner } from '../provisioning/fulfillment-runner';
import { ordersWithRecipient } from '../provisioning/order-recipients';
import { confirmPaymentTx } from './confirm';
import type { ProviderEvent } from './events';
import { type EventOutcome, processProviderEvent } from './process-event';

interface Deps {
  config: Config;
  db: Database;
  mailer: Mailer;
  fulfillment: FulfillmentRunner;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: () => Date;
}

/**
 * The webhook pipeline's end: apply the event once, then (after commit) the side effects:
 * the confirmation e-mail and an allocation sweep.
 */
export function createPaymentsService({ config, db, mailer, fulfillment, log, now }: Deps) {
  async function afterPaid(orderId: number) {
    const [row] = await ordersWithRecipient(db, [orderId]);
    if (row) {
      await mailer
        .sendEmail({ to: row.email, ...orderConfirmationMessage(config, row) })
        .catch((err: unknown) => log.error({ err, orderId }, 'could not send the order confirmation'));
    }
    await fulfillment.run();
  }

  return {
    /**
     * An admin confirms a bank transfer or crypto payment (D6): the same confirmation
     * path as a provider's event, with the admin recorded in the audit log.
     */
    async confirmManualPayment(orderId: number, admin: { id: string; email: string }, ip: string | null) {
      const paid = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
        if (!order) throw notFound('No such order.');
        if (
          order.provider !== 'manual' ||
          (order.paymentMethod !== 'bank_transfer' && order.paymentMethod !== 'crypto')
        ) {
          throw badRequest('Only bank transfer and crypto orders are marked paid by hand.', 'not_manual');
        }
        const result = await confirmPaymentTx(tx, {
          orderId,
          provider: 'manual',
          chargeId: `manual_${orderId}`,
          sessionId: order.providerSessionId,
          amountCents: order.totalCents,
          method: order.paymentMethod,
          now: now(),
        });
        // A second admin's click on an order already paid changes nothing, so records nothing.
        if (!result.newlyPaid) return false;
        await recordAudit(tx, {
          actorId: admin.id,
          actorEmail: admin.email,
          action: 'order.marked_paid',
          targetType: 'order',
          targetId: orderId,
          details: { amountCents: order.totalCents, method: order.paymentMethod },
          ip,
        });
        return result.newlyPaid;
      });
      if (paid) await afterPaid(orderId);
      return paid;
    },
    async handleEvent(event: ProviderEvent): Promise<EventOutcome> {
      const outcome = await processProviderEvent(db, event, now());
      if (outcome.result === 'retry')
        log.warn({ eventId: event.id, reason: outcome.reason }, 'payment event deferred');
      if (outcome.result === 'applied' && outcome.paidOrderId !== undefined)
        await afterPaid(outcome.paidOrderId);
      return outcome;
    },
    afterPaid,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
