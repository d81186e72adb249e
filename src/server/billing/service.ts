import { alertRefundRequested } from '../alerts/raise';
import { recordAudit } from '../audit/audit';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { conflict } from '../http/errors';
import { ownOrder } from '../orders/own-order';
import type { OutboxRunner } from '../outbox/runner';
import type { PaymentProvider } from '../payments/provider';
import type { Customer } from './customer';
import { requestRefund } from './refunds/refund-request';
import { setCancelAtPeriodEnd } from './subscriptions/subscriptions';

export interface BillingDeps {
  config: Config;
  db: Database;
  providerFor: (name: string) => PaymentProvider | null;
  now: () => Date;
  outbox: Pick<OutboxRunner, 'kick'>;
}

/**
 * Cancels a subscription at the end of its paid period, or undoes that (D8), for every panel
 * of the order; a Stripe subscription is told through the outbox, in the same transaction
 * (billing/panels/stripe-quantity.ts). Another customer's order is a 404; their own order
 * without an active subscription is refused.
 */
export async function changeCancelAtPeriodEnd(
  deps: BillingDeps,
  who: Customer,
  orderId: number,
  cancel: boolean,
  ip: string,
  /** Through /api/v1: the key that asked, for the audit log. */
  via?: { apiKeyId: number },
) {
  const changed = await setCancelAtPeriodEnd(deps.db, orderId, who.workspaceId, cancel, deps.now(), {
    id: who.id,
    email: who.email,
    ip,
  });
  if (!changed) {
    await ownOrder(deps.db, orderId, who.workspaceId);
    throw conflict('This subscription is not active.', 'subscription_inactive');
  }
  deps.outbox.kick();
  await recordAudit(deps.db, {
    actorId: who.id,
    actorEmail: who.email,
    action: cancel ? 'subscription.canceled' : 'subscription.resumed',
    targetType: 'order',
    targetId: orderId,
    ip,
    details: { workspaceId: who.workspaceId, ...(via ? { apiKeyId: via.apiKeyId } : {}) },
  });
}

/** The provider's own billing portal for the customer's order, when the provider has one. */
export async function billingPortalUrl(deps: BillingDeps, workspaceId: string, orderId: number) {
  const order = await ownOrder(deps.db, orderId, workspaceId);
  const provider = deps.providerFor(order.provider);
  if (!provider?.portalUrl || !order.providerCustomerId) {
    throw conflict('This subscription is not managed through the payment provider’s portal.', 'no_portal');
  }
  return provider.portalUrl(order.providerCustomerId, `${deps.config.publicUrl}/billing`);
}

/** The 14-day money-back request (D8), with the admins' 'refund requested' alert queued beside it. */
export async function askForRefund(
  deps: BillingDeps,
  who: { id: string; workspaceId: string },
  orderId: number,
  reason: string,
  ip: string,
) {
  const created = await requestRefund(
    deps.db,
    { orderId, userId: who.id, workspaceId: who.workspaceId, reason, now: deps.now(), ip },
    { onRequested: (tx, created) => alertRefundRequested(tx, deps.config, created) },
  );
  deps.outbox.kick();
  return created;
}
