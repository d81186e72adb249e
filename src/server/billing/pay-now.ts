import { eq } from 'drizzle-orm';
import type { PayNowOutcome } from '../../domain/api/past-due';
import { recordAudit } from '../audit/audit';
import { orders } from '../db/schema';
import { conflict } from '../http/errors';
import { ownOrder } from '../orders/own-order';
import { enqueueOrderEmail } from '../outbox/order-recipients';
import type { Customer } from './customer';
import type { BillingDeps } from './service';
import { billingPortalUrl } from './service';
import { chargeSandboxRenewalTx } from './subscriptions/sandbox-renewal';
import { renewalMessage } from './subscriptions/subscription-emails';

const notPastDue = () =>
  conflict('This renewal is not past due: it was paid meanwhile, or the subscription ended.', 'not_past_due');

/**
 * 'Pay now' on a past-due renewal (docs/decisions/0019-dunning.md), decided here by its
 * provider: the sandbox charges the card on file at once (the renewal e-mail and invoice
 * follow, as for a retry that succeeds); a bank transfer or crypto renewal is paid by hand, so
 * the answer leads to its instructions; Stripe's portal pays an open invoice with a new card.
 */
export async function payNow(
  deps: BillingDeps,
  who: Customer,
  orderId: number,
  ip: string,
): Promise<PayNowOutcome> {
  const order = await ownOrder(deps.db, orderId, who.workspaceId);
  const live = order.status === 'paid' || order.status === 'completed';
  if (!live || order.subscriptionStatus !== 'past_due') throw notPastDue();
  if (order.provider === 'manual') return { outcome: 'instructions', url: `/checkout/manual/${order.id}` };
  if (order.provider !== 'sandbox') {
    return { outcome: 'portal', url: await billingPortalUrl(deps, who.workspaceId, order.id) };
  }
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<PayNowOutcome> => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    // A retry or another tab may have charged it since it was read.
    if (locked?.subscriptionStatus !== 'past_due') throw notPastDue();
    const charge = await chargeSandboxRenewalTx(tx, locked, now, now);
    await recordAudit(tx, {
      actorId: who.id,
      actorEmail: who.email,
      action: charge.ok ? 'dunning.paid_now' : 'dunning.pay_now_declined',
      targetType: 'order',
      targetId: order.id,
      ip,
      details: { amountCents: charge.amountCents },
    });
    if (!charge.ok) return { outcome: 'declined' };
    const content = renewalMessage(
      deps.config,
      order.id,
      charge.amountCents,
      charge.periodEnd,
      charge.panels,
    );
    await enqueueOrderEmail(tx, order.id, 'billing', content);
    return { outcome: 'charged', periodEnd: charge.periodEnd.toISOString() };
  });
  if (outcome.outcome === 'charged') deps.outbox.kick();
  return outcome;
}
