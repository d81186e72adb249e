import { and, asc, count, eq, inArray, isNull, or, sum } from 'drizzle-orm';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../domain/status';
import { recordAudit } from '../audit/audit';
import { LastAdminError, refuseLastAdminTx } from '../auth/users';
import { lapsePendingCredits } from '../credits/lapse';
import type { Database, Tx } from '../db/client';
import { orders, panels, payments, user } from '../db/schema';
import { conflict, unauthorized } from '../http/errors';
import { cancelUnpaidOrderTx, cancelWaitingOrderTx } from '../lifecycle/order-moves';
import { endSubscriptionWithDeletionTx } from '../lifecycle/subscription-moves';
import type { PaymentProvider } from '../payments/provider';
import { closeRequestsOfEndedPanels } from '../replacements/close';
import {
  claimOwnedWorkspaces,
  closeOwnedWorkspaces,
  keepOrdersInOthersWorkspaces,
  leaveOtherWorkspaces,
  ownersOf,
} from './deletion-workspaces';

/** A subscription the deletion ended in our records; a provider that runs it ends it next. */
export interface EndedSubscription {
  orderId: number;
  provider: string;
  providerSubscriptionId: string | null;
}

/** A paid order that was still waiting for stock, canceled by the deletion. */
export interface CanceledWaitingOrder {
  orderId: number;
  provider: string;
  /** What its completed payments add up to: all of it is owed back. */
  paidCents: number;
  delivered: number;
  quantity: number;
  /** Bank transfer and crypto: no provider can send the money back, a person does. */
  byHand: boolean;
}

export interface DeletionClaim {
  email: string;
  ended: EndedSubscription[];
  canceled: CanceledWaitingOrder[];
}

/** The action that marks an order canceled by a deletion; the refund sweep looks for it. */
export const CANCELED_BY_DELETION = { action: 'order.canceled', reason: 'account_deleted' } as const;

export interface ClaimEffects {
  /** Runs in the claim's transaction with what it claimed (the customer's notice, deletion.ts). */
  onClaimed?(tx: Tx, claim: DeletionClaim): Promise<void>;
}

/**
 * The deletion's one transaction, committed before any provider is called: the last admin
 * is refused, and so is the owner of a workspace others belong to; the orders of the
 * workspaces the person owns (alone) and those they placed in workspaces since closed are
 * theirs to end: every live subscription ends in our records; a paid order still waiting for
 * stock is canceled, which takes it out of the allocation queue (fillWaitingOrders reads
 * 'paid' orders only), and is marked as owing its money back; an unpaid bank transfer or
 * crypto order is canceled as 'account_deleted'; the panels the customer held
 * are retired; those orders keep a null user link. Orders the person placed in other people's
 * workspaces stay there, in the owner's name; the person leaves those workspaces, the ones
 * they owned close, and the user row goes.
 *
 * The orders are locked first, so an allocation running now either finishes before us (its
 * panels are then retired here) or waits and then no longer sees the order as waiting.
 */
export async function claimDeletion(
  db: Database,
  providerFor: (name: string) => PaymentProvider | null,
  who: { id: string; email: string },
  now: Date,
  ip: string | null,
  effects: ClaimEffects = {},
): Promise<DeletionClaim> {
  try {
    return await db.transaction(async (tx) => {
      await refuseLastAdminTx(tx, who.id);
      // A second click that got past the session check finds nothing left to delete.
      const [me] = await tx.select({ id: user.id }).from(user).where(eq(user.id, who.id)).for('update');
      if (!me) throw unauthorized();
      // Refused while it owns a workspace others belong to; the ones it owns alone close with it.
      const ownedWorkspaces = await claimOwnedWorkspaces(tx, who.id);
      // Locked in the allocator's order (fulfillment.ts), so the two cannot deadlock: the
      // orders of the workspaces it owns, and those it placed in other people's.
      const touched = await tx
        .select()
        .from(orders)
        .where(
          ownedWorkspaces.length > 0
            ? or(eq(orders.userId, who.id), inArray(orders.workspaceId, ownedWorkspaces))
            : eq(orders.userId, who.id),
        )
        .orderBy(asc(orders.paidAt), asc(orders.id))
        .for('update');
      // An order placed in a workspace someone else owns is that workspace's: it runs on,
      // in its owner's name (decision 0023). The others end as the account's always did.
      const ownerOf = await ownersOf(
        tx,
        touched.flatMap((o) =>
          o.workspaceId && !ownedWorkspaces.includes(o.workspaceId) ? [o.workspaceId] : [],
        ),
      );
      const keptOrders = touched.filter((o) => o.workspaceId !== null && ownerOf.has(o.workspaceId));
      const owned = touched.filter((o) => !keptOrders.includes(o));
      const waiting = owned.filter((o) => o.status === 'paid');
      const live = owned.filter(
        (o) =>
          o.status === 'paid' ||
          (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(o.subscriptionStatus),
      );
      const waitingIds = waiting.map((o) => o.id);
      // A bank transfer or crypto order waits for money only this customer would send: with
      // the account gone nobody is owed panels for it, so an admin's 'Mark as paid' cannot
      // sell to nobody. A card order stays for the expiry sweep, which closes the provider's
      // checkout before canceling (orders/pending-expiry.ts).
      const unpaidIds = owned
        .filter((o) => o.status === 'pending_payment' && o.provider === 'manual')
        .map((o) => o.id);

      const delivered = new Map<number | null, number>();
      const paid = new Map<number, number>();
      if (waitingIds.length > 0) {
        const deliveredCounts = await tx
          .select({ orderId: panels.orderId, n: count() })
          .from(panels)
          // A replaced panel's successor holds its place (docs/product.md §11).
          .where(and(inArray(panels.orderId, waitingIds), isNull(panels.retiredReason)))
          .groupBy(panels.orderId);
        for (const r of deliveredCounts) delivered.set(r.orderId, r.n);
        const money = await tx
          .select({ orderId: payments.orderId, cents: sum(payments.amountCents) })
          .from(payments)
          .where(and(inArray(payments.orderId, waitingIds), eq(payments.status, 'completed')))
          .groupBy(payments.orderId);
        for (const r of money) paid.set(r.orderId, Number(r.cents ?? 0));
      }
      const byDeletion = { cause: 'account_deletion', at: now } as const;
      // A subscription that already ended (a paid order waiting past its period) stays ended.
      for (const o of live) await endSubscriptionWithDeletionTx(tx, o.id, byDeletion);
      for (const id of unpaidIds) await cancelUnpaidOrderTx(tx, id, 'account_deleted', byDeletion);
      const canceled = waiting.map((o) => {
        const provider = providerFor(o.provider);
        return {
          orderId: o.id,
          provider: o.provider,
          paidCents: paid.get(o.id) ?? 0,
          // A panel that ended and was restocked was delivered all the same.
          delivered: o.restockedPanels + (delivered.get(o.id) ?? 0),
          quantity: o.quantity,
          // An unconfigured provider is not "by hand": the sweep refunds once it is back.
          byHand: provider !== null && !provider.refund,
        };
      });
      for (const o of canceled) {
        await cancelWaitingOrderTx(tx, o.orderId, {
          ...byDeletion,
          audit: {
            ip,
            details: {
              reason: CANCELED_BY_DELETION.reason,
              previousStatus: 'paid',
              delivered: o.delivered,
              quantity: o.quantity,
              paidCents: o.paidCents,
              refund: o.byHand ? 'by_hand' : 'provider',
            },
          },
        });
      }

      // Before the retirement below: the panels of the orders kept are no longer the person's.
      const kept = await keepOrdersInOthersWorkspaces(tx, who.id, keptOrders, ownerOf, now);
      const ownedIds = owned.map((o) => o.id);
      await tx
        .update(panels)
        .set({ status: 'retired', updatedAt: now })
        .where(
          and(
            eq(panels.status, 'sold'),
            ownedIds.length > 0
              ? or(eq(panels.soldTo, who.id), inArray(panels.orderId, ownedIds))
              : eq(panels.soldTo, who.id),
          ),
        );
      await closeRequestsOfEndedPanels(tx, ownedIds, now);
      await lapsePendingCredits(tx, ownedIds);
      // Every order that ended here reads as a deleted account's from now on (the sweep that
      // finishes with the providers looks for them), whoever of the workspace placed it.
      if (ownedIds.length > 0) {
        await tx.update(orders).set({ userId: null, updatedAt: now }).where(inArray(orders.id, ownedIds));
      }
      await closeOwnedWorkspaces(tx, ownedWorkspaces, now);
      const workspacesLeft = await leaveOtherWorkspaces(tx, who.id, ip);
      await tx.delete(user).where(eq(user.id, who.id));

      await recordAudit(tx, {
        actorId: null,
        action: 'account.deleted',
        targetType: 'user',
        targetId: who.id,
        details: {
          subscriptionsEnded: live.map((o) => o.id),
          ordersCanceled: waitingIds,
          unpaidOrdersCanceled: unpaidIds,
          workspacesClosed: ownedWorkspaces,
          workspacesLeft,
          ordersKept: kept,
        },
        ip,
      });
      const claim: DeletionClaim = {
        email: who.email,
        ended: live.map((o) => ({
          orderId: o.id,
          provider: o.provider,
          providerSubscriptionId: o.providerSubscriptionId,
        })),
        canceled,
      };
      await effects.onClaimed?.(tx, claim);
      return claim;
    });
  } catch (error) {
    if (error instanceof LastAdminError) throw conflict(error.message, 'last_admin');
    throw error;
  }
}
