import { isManualMethod } from '../../domain/payment-details';
import { createPeriodicSweep } from '../jobs/periodic';
import { enqueueEmails, type TxOrDb } from '../outbox/enqueue';
import type { SweepDeps } from '../outbox/runner';
import { orderRecipients } from '../outbox/workspace-recipients';
import { paymentDeadline } from '../payments/manual/details';
import { paymentReminderMessage, unpaidOrderCanceledMessage } from '../payments/manual/manual-payment-emails';
import type { PaymentProvider } from '../payments/provider';
import { expireCardCheckouts, type ManualChange, runManualPaymentSweep } from './pending-expiry';

interface Deps extends SweepDeps {
  providerFor: (name: string) => PaymentProvider | null;
}

/**
 * Abandoned checkouts (D5): card orders past the provider session's lifetime and bank
 * transfer or crypto orders past their payment window become canceled with the reason; the
 * manual ones are reminded half-way. The e-mails go through the outbox, queued in the
 * sweep's transaction. Runs on a timer like the other sweeps, driven by the app's clock.
 */
export function createPendingOrderSweep({ config, db, outbox, providerFor, log, now, sweepObserver }: Deps) {
  async function notify(tx: TxOrDb, changes: ManualChange[]) {
    const recipients = await orderRecipients(
      tx,
      changes.map((c) => c.order.id),
      'billing',
    );
    if (recipients.size === 0) return;
    await enqueueEmails(
      tx,
      changes.flatMap(({ order, kind }) => {
        const to = recipients.get(order.id) ?? [];
        if (to.length === 0 || !isManualMethod(order.paymentMethod)) return [];
        const content =
          kind === 'reminded'
            ? paymentReminderMessage(
                config,
                { id: order.id, totalCents: order.totalCents, method: order.paymentMethod },
                paymentDeadline(config, order.createdAt),
              )
            : unpaidOrderCanceledMessage(config, order.id, config.manualPayments.paymentDays);
        return to.map((address) => ({ to: address, ...content }));
      }),
    );
  }

  return createPeriodicSweep(
    'pending order sweep',
    async () => {
      const at = now();
      const card = await expireCardCheckouts({ db, providerFor, log }, at);
      const manual = await runManualPaymentSweep(db, config, at, { onChanges: notify });
      if (manual.length > 0) outbox.kick();
      if (card.length + manual.length > 0) {
        log.info({ canceledCard: card.length, manual: manual.length }, 'pending order sweep');
      }
      return [{ canceledCardOrders: card, manual }];
    },
    log,
    sweepObserver,
  );
}
