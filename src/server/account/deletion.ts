import type { Config } from '../config';
import { badRequest } from '../http/errors';
import { enqueueEmail, releaseEmail } from '../outbox/enqueue';
import type { OutboxRunner } from '../outbox/runner';
import { cancelDeletedSubscription, type ProviderStepDeps, refundCanceledOrder } from './deleted-orders';
import { claimDeletion, type DeletionClaim } from './deletion-claim';
import { accountDeletedMessage, type DeletionSummary, plannedSummary } from './deletion-emails';

export interface DeletionDeps extends ProviderStepDeps {
  config: Config;
  outbox: Pick<OutboxRunner, 'kick'>;
}

/**
 * How long the notice written with the claim waits for the providers' answers. Longer than
 * the provider calls of any one deletion take; only a process that died in between lets the
 * claim-time version go out.
 */
export const DELETION_NOTICE_HOLD_MS = 15 * 60_000;

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
 * database claims every change in one transaction first (deletion-claim.ts), with the
 * customer's notice queued in it, held, saying what is under way; then the payment providers
 * cancel and refund; then the notice is replaced with what was done and released. A crash
 * in between still sends the claim-time notice once the hold is over.
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
  const held: { notice: number | null } = { notice: null };
  const claim = await claimDeletion(deps.db, deps.providerFor, who, deps.now(), ip, {
    onClaimed: async (tx, claimed) => {
      const planned = accountDeletedMessage(deps.config, plannedSummary(claimed, deps.providerFor));
      held.notice = await enqueueEmail(
        tx,
        { to: claimed.email, ...planned },
        { holdMs: DELETION_NOTICE_HOLD_MS },
      );
    },
  });
  const summary = await settleWithProviders(deps, claim);
  if (held.notice !== null) {
    const done = {
      to: claim.email,
      ...accountDeletedMessage(deps.config, summary),
      emailClass: 'account' as const,
    };
    try {
      if (!(await releaseEmail(deps.db, held.notice, done))) {
        deps.log.error('account deletion: the notice went out before the providers answered');
      }
    } catch (err) {
      deps.log.error({ err }, 'account deletion: could not update the notice; it goes out as claimed');
    }
  }
  deps.outbox.kick();
  return summary;
}
