import { alertRenewalsFailed } from '../../alerts/raise';
import type { Tx } from '../../db/client';
import { createPeriodicSweep } from '../../jobs/periodic';
import { enqueueEmails } from '../../outbox/enqueue';
import type { SweepDeps } from '../../outbox/runner';
import { orderRecipients } from '../../outbox/workspace-recipients';
import { lapseAdditions } from '../add-panels/lapse-additions';
import { panelsExpiredMessage } from '../panels/panel-billing-emails';
import { reconcileStripeQuantities } from '../panels/stripe-reconcile';
import { dunningStartTx } from './dunning-start';
import { runDunningSweep } from './dunning-sweep';
import { invoiceRenewals } from './enqueue-renewal-invoices';
import { expiredMessage, pastDueMessage, renewalMessage } from './subscription-emails';
import { runSubscriptionSweep, type SweepChange } from './subscriptions';

/**
 * Runs the renewal/expiry sweep on a timer; the customers it affects are mailed through
 * the outbox, queued in the transaction of the batch that changed them.
 */
export function createSubscriptionRunner({ config, db, outbox, log, now, sweepObserver }: SweepDeps) {
  async function notify(tx: Tx, changes: SweepChange[], at: Date) {
    // A renewal recorded as failed is an operator alert too, once per order and period.
    await alertRenewalsFailed(
      tx,
      config,
      changes.filter((c) => c.kind === 'past_due').map((c) => c.orderId),
    );
    // The dunning's first step is taken with the change: its e-mail replaces the past-due one.
    const dunned = await dunningStartTx(tx, config, changes, at);
    const orderIds = changes.map((c) => c.orderId);
    const billing = await orderRecipients(tx, orderIds, 'billing');
    // Panels that stopped are panel news; the rest is about the subscription's money.
    const panelNews = changes.some((c) => c.kind === 'panels_expired')
      ? await orderRecipients(tx, orderIds, 'panels')
      : new Map<number, string[]>();
    const messages = changes.flatMap((change) => {
      const to = (change.kind === 'panels_expired' ? panelNews : billing).get(change.orderId) ?? [];
      if (to.length === 0) return [];
      if (change.kind === 'past_due' && change.provider === 'manual') {
        const reminder = dunned.get(change.orderId);
        return reminder ? to.map((address) => ({ to: address, ...reminder })) : [];
      }
      const content =
        change.kind === 'renewed'
          ? renewalMessage(
              config,
              change.orderId,
              change.amountCents ?? 0,
              change.periodEnd ?? at,
              change.panels,
            )
          : change.kind === 'past_due'
            ? pastDueMessage(config, change.orderId)
            : change.kind === 'panels_expired'
              ? panelsExpiredMessage(
                  config,
                  change.orderId,
                  change.ended ?? [],
                  change.ended?.[0]?.endedAt ?? change.periodEnd ?? at,
                )
              : expiredMessage(config, change.orderId);
      return to.map((address) => ({ to: address, ...content }));
    });
    await enqueueEmails(tx, messages);
  }

  /**
   * A Stripe subscription whose panel change the outbox gave up on is queued again, after the
   * renewals: a failure here is logged and never holds them up.
   */
  async function reconcileStripe() {
    if (!config.stripe) return;
    try {
      const healed = await reconcileStripeQuantities(db, config);
      if (healed.alerted.length + healed.requeued.length === 0) return;
      outbox.kick();
      log.info(healed, 'stripe quantities reconciled');
    } catch (err) {
      log.error({ err }, 'stripe quantity reconcile failed');
    }
  }

  return createPeriodicSweep(
    'subscription sweep',
    async (stopping) => {
      const at = now();
      // Bank transfer and crypto renewals are invoiced first, so a period still running gets
      // its invoice before anything else looks at it.
      const invoiced = await invoiceRenewals(db, config, at);
      // Dunning before expiry: a card retry due as the grace period ends is tried first.
      const dunned = await runDunningSweep(db, config, at);
      if (dunned.length > 0) {
        outbox.kick();
        log.info({ steps: dunned.length }, 'dunning sweep');
      }
      const changes = await runSubscriptionSweep(
        db,
        at,
        { onChanges: (tx, changed) => notify(tx, changed, at) },
        { stopping },
      );
      // After the renewals: an addition priced for the period that just renewed lapses with it.
      const lapsed = await lapseAdditions(db, at);
      if (lapsed > 0) log.info({ lapsed }, 'panel additions lapsed unpaid');
      if (invoiced > 0) outbox.kick();
      if (changes.length > 0) {
        outbox.kick();
        log.info({ changes: changes.length }, 'subscription sweep');
      }
      await reconcileStripe();
      return changes;
    },
    log,
    sweepObserver,
  );
}
