import { and, asc, eq, inArray } from 'drizzle-orm';
import { panelRenewal } from '../../../domain/panel-billing';
import type { Database, Tx } from '../../db/client';
import { orders, panels } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import {
  expirePanelsTx,
  type PanelRefusal,
  panelBillingState,
  setPanelsCancelTx,
  subscriptionRunning,
} from '../../lifecycle/panel-moves';
import type { OutboxRunner } from '../../outbox/runner';
import { closeRequestsOfEndedPanels } from '../../replacements/close';
import type { Customer } from '../customer';
import { queueStripeQuantityTx } from './stripe-quantity';

// One panel's billing within its order's subscription (D8, docs/decisions/0017): the customer
// cancels or resumes panels; a period end expires the canceled ones.

export interface PanelBillingDeps {
  db: Database;
  now: () => Date;
  outbox: Pick<OutboxRunner, 'kick'>;
}

const PANEL_ENDED_MESSAGE = 'A panel you named has ended; it can no longer be canceled or resumed.';
const END_FIXED_MESSAGE =
  'A panel you named was left out of a renewal already paid; it ends with the current period.';

function refusalError(reason: PanelRefusal, ended: boolean) {
  if (ended) return conflict(PANEL_ENDED_MESSAGE, 'panel_ended');
  if (reason === 'end_fixed') return conflict(END_FIXED_MESSAGE, 'panel_ended');
  return conflict('This subscription is not active.', 'subscription_inactive');
}

/**
 * Cancels the customer's panels at their order's period end (true), or takes that back (false),
 * across any of their orders, all or nothing: an id that is not one of the customer's panels is
 * a 404, a panel that ended a 409 (`panel_ended`), a panel whose subscription is no longer running a
 * 409 (`subscription_inactive`), and then nothing changed. Panels already as asked stay so.
 * Audit-logged per panel, with the API key when one asked.
 */
export async function changePanelsCancel(
  deps: PanelBillingDeps,
  who: Customer,
  panelIds: readonly number[],
  cancel: boolean,
  ip: string,
  via?: { apiKeyId: number },
) {
  const at = deps.now();
  const ids = [...new Set(panelIds)];
  await deps.db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: panels.id, orderId: panels.orderId })
      .from(panels)
      .innerJoin(orders, eq(orders.id, panels.orderId))
      .where(
        and(
          inArray(panels.id, ids),
          eq(panels.workspaceId, who.workspaceId),
          eq(orders.workspaceId, who.workspaceId),
        ),
      );
    if (owned.length !== ids.length) throw notFound('No such panel.');
    const byOrder = new Map<number, number[]>();
    for (const { id, orderId } of owned) {
      if (orderId === null) continue;
      byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), id]);
    }
    // Orders locked in one order everywhere, so two selections never wait on each other.
    for (const orderId of [...byOrder.keys()].sort((a, b) => a - b)) {
      const result = await setPanelsCancelTx(tx, orderId, byOrder.get(orderId) ?? [], cancel, {
        cause: 'customer',
        at,
        audit: {
          actor: { id: who.id, email: who.email, ip },
          details: { workspaceId: who.workspaceId, ...(via ? { apiKeyId: via.apiKeyId } : {}) },
        },
        when: (_panel, order) => order.workspaceId === who.workspaceId && subscriptionRunning(order, at),
      });
      for (const { panel, reason } of result.refused) {
        const state = panelBillingState(panel);
        // Already canceled (or renewing) as asked: a repeat changes nothing.
        if (reason === 'wrong_state' && state !== 'ended') continue;
        throw refusalError(reason, state === 'ended');
      }
      if (result.order && result.moved.length > 0) await queueStripeQuantityTx(tx, result.order);
    }
  });
  deps.outbox.kick();
  return panelBillingViews(deps.db, who.workspaceId, ids);
}

/** Each named panel's billing as the customer reads it now. */
export async function panelBillingViews(db: Database, workspaceId: string, ids: readonly number[]) {
  const rows = await db
    .select({ panel: panels, order: orders })
    .from(panels)
    .innerJoin(orders, eq(orders.id, panels.orderId))
    .where(and(inArray(panels.id, [...ids]), eq(panels.workspaceId, workspaceId)))
    .orderBy(asc(panels.id));
  return rows.map(({ panel, order }) => {
    const { renewsAt, endsAt } = panelRenewal({ ...panel, ...orderFacts(order) });
    return {
      id: panel.id,
      orderId: order.id,
      cancelAtPeriodEnd: panel.cancelAtPeriodEnd,
      renewsAt: renewsAt?.toISOString() ?? null,
      endsAt: endsAt?.toISOString() ?? null,
    };
  });
}

const orderFacts = (order: typeof orders.$inferSelect) => ({
  subscriptionStatus: order.subscriptionStatus,
  currentPeriodEnd: order.currentPeriodEnd,
});

export interface ExpiredPanel {
  id: number;
  email: string;
  endedAt: Date;
}

/**
 * The canceled panels of an order whose period is over expire (retired, expired for the
 * customer, `panel.expired`), at the period end that passed or the end a renewal fixed, and
 * their open replacement requests close, as an ended order's do. Returns them for the e-mail.
 */
export async function expireCanceledPanelsTx(
  tx: Tx,
  orderId: number,
  periodEnd: Date,
  cause: 'system' | 'provider',
  at: Date,
): Promise<ExpiredPanel[]> {
  const { moved } = await expirePanelsTx(tx, orderId, periodEnd, { cause, at });
  if (moved.length === 0) return [];
  await closeRequestsOfEndedPanels(tx, [orderId], at);
  return moved.map((p) => ({ id: p.id, email: p.email, endedAt: p.endedAt ?? periodEnd }));
}
