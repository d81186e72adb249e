import type { Config } from '../config';
import { badRequest } from '../http/errors';
import type { Mailer } from '../mail/send-email';
import { cancelDeletedSubscription, type ProviderStepDeps, refundCanceledOrder } from './deleted-orders';
import { claimDeletion, type DeletionClaim } from './deletion-claim';
import { type DeletionSummary, sendDeletionEmail } from './deletion-email';

export interface DeletionDeps extends ProviderStepDeps {
  config: Config;
  mailer: Mailer;
}

const AUDITED = { auditFailure: true };

/**
 * After the commit: each provider is asked to do its part, subscriptions first so that no
 * renewal is charged while a refund is under way. A step that fails is already logged and
 * marked for the sweep by deleted-orders.ts; anything unexpected is logged here, because the
 * account is gone whatever happens next and the customer must still be told.
 */
async function settleWithProviders(deps: DeletionDeps, claim: DeletionClaim): Promise<DeletionSummary> {
  const summary: DeletionSummary = {
    ended: [],
    endPending: [],
    refunded: [],
    refundPending: [],
    refundByHand: [],
  };
  const canceledIds = new Set(claim.canceled.map((o) => o.orderId));
  for (const sub of claim.ended) {
    let result: Awaited<ReturnType<typeof cancelDeletedSubscription>>;
    try {
      result = await cancelDeletedSubscription(
        deps,
        {
          id: sub.orderId,
          provider: sub.provider,
          providerSubscriptionId: sub.providerSubscriptionId,
        },
        AUDITED,
      );
    } catch (err) {
      deps.log.error({ err, orderId: sub.orderId }, 'account deletion: ending the subscription failed');
      result = 'failed';
    }
    if (result === 'failed') summary.endPending.push(sub.orderId);
    // A canceled waiting order is reported with its refund instead.
    else if (!canceledIds.has(sub.orderId)) summary.ended.push(sub.orderId);
  }
  for (const order of claim.canceled) {
    if (order.byHand) {
      summary.refundByHand.push({ orderId: order.orderId, amountCents: order.paidCents });
      continue;
    }
    try {
      const { refundedCents, pendingCents } = await refundCanceledOrder(
        deps,
        { id: order.orderId, provider: order.provider },
        AUDITED,
      );
      if (refundedCents > 0 || pendingCents === 0)
        summary.refunded.push({ orderId: order.orderId, amountCents: refundedCents });
      if (pendingCents > 0) summary.refundPending.push({ orderId: order.orderId, amountCents: pendingCents });
    } catch (err) {
      deps.log.error({ err, orderId: order.orderId }, 'account deletion: the refund failed');
      summary.refundPending.push({ orderId: order.orderId, amountCents: order.paidCents });
    }
  }
  return summary;
}

/**
 * Deletes the account (D9; docs/decisions/0003-accounts.md, Deleting an account): the
 * database claims every change in one transaction first (deletion-claim.ts), then the
 * payment providers cancel and refund, then the customer is e-mailed what was done.
 */
export async function deleteAccount(
  deps: DeletionDeps,
  who: { id: string; email: string },
  confirmEmail: string,
  ip: string | null,
): Promise<DeletionSummary> {
  if (confirmEmail.trim().toLowerCase() !== who.email.toLowerCase()) {
    throw badRequest('Type your email address exactly to confirm.', 'confirmation_mismatch');
  }
  const claim = await claimDeletion(deps.db, deps.providerFor, who, deps.now(), ip);
  const summary = await settleWithProviders(deps, claim);
  await sendDeletionEmail(deps, claim.email, summary);
  return summary;
}
