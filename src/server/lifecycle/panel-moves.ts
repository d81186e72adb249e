import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  emitsFor,
  type LifecycleCause,
  PANEL_TRANSITIONS,
  type PanelBillingState,
  type PanelTransitionName,
  type Transition,
} from '../../domain/order-lifecycle';
import { panelEndFixed } from '../../domain/panel-billing';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../domain/status';
import { recordAudits } from '../audit/audit';
import type { Tx } from '../db/client';
import { orders, panels } from '../db/schema';
import { emitPanelEvents } from '../webhooks/emit';
import type { AuditInput } from './emit';
import { moveSubscription } from './move';
import { panelsThatWouldRenew } from './renewing';
import type { OrderRow } from './result';

// The third machine of the lifecycle table (PANEL_TRANSITIONS, docs/decisions/0017): one panel's
// billing within its order's subscription. This file alone writes a panel's cancel flag and end,
// and keeps the order's own cancel flag true exactly when none of its panels would renew.

export type PanelRow = typeof panels.$inferSelect;

/** A panel's billing state, read from its row: anything no longer sold has ended. */
export function panelBillingState(panel: Pick<PanelRow, 'status' | 'cancelAtPeriodEnd'>): PanelBillingState {
  if (panel.status !== 'sold') return 'ended';
  return panel.cancelAtPeriodEnd ? 'canceling' : 'renewing';
}

export interface PanelCause {
  cause: LifecycleCause;
  at: Date;
  audit?: AuditInput;
  /** The caller's own condition on each locked panel and its locked order. */
  when?: (panel: PanelRow, order: OrderRow) => boolean;
}

/** Why a named panel was not moved; `end_fixed`: a renewal was already paid without it. */
export type PanelRefusal = 'wrong_state' | 'end_fixed' | 'precondition';

export interface PanelMoves {
  /** The order, locked; undefined when there is none. */
  order: OrderRow | undefined;
  /** The panels moved, as they were before. */
  moved: PanelRow[];
  refused: { panel: PanelRow; reason: PanelRefusal }[];
}

type PanelFields = {
  cancelAtPeriodEnd?: boolean;
  endedAt?: Date | SQL;
  status?: 'retired';
};

/**
 * One move of some panels of one order, in the caller's transaction: locks the order (so it
 * runs in line with the order's own moves), then the panels, checks each one's state against
 * the table, writes the fields in one statement and the table's events for the panels moved.
 */
async function movePanels(
  tx: Tx,
  orderId: number,
  panelIds: readonly number[] | 'all',
  name: PanelTransitionName,
  input: PanelCause & { fixed?: (panel: PanelRow) => boolean },
  fields: PanelFields,
): Promise<PanelMoves> {
  const transition: Transition<PanelBillingState> = PANEL_TRANSITIONS[name];
  // A cause the table does not give the move is a mistake in our code, not a state of the world.
  if (!transition.by.includes(input.cause))
    throw new Error(`panel ${name} cannot be caused by ${input.cause}.`);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return { order: undefined, moved: [], refused: [] };
  if (panelIds !== 'all' && panelIds.length === 0) return { order, moved: [], refused: [] };
  const rows = await tx
    .select()
    .from(panels)
    .where(
      and(eq(panels.orderId, orderId), panelIds === 'all' ? undefined : inArray(panels.id, [...panelIds])),
    )
    .orderBy(asc(panels.id))
    .for('update');
  const moved: PanelRow[] = [];
  const refused: PanelMoves['refused'] = [];
  for (const panel of rows) {
    if (!transition.from.includes(panelBillingState(panel))) refused.push({ panel, reason: 'wrong_state' });
    else if (input.fixed?.(panel)) refused.push({ panel, reason: 'end_fixed' });
    else if (input.when && !input.when(panel, order)) refused.push({ panel, reason: 'precondition' });
    else moved.push(panel);
  }
  if (moved.length === 0) return { order, moved, refused };
  const ids = moved.map((p) => p.id);
  await tx
    .update(panels)
    .set({ ...fields, updatedAt: input.at })
    .where(inArray(panels.id, ids));
  for (const emit of emitsFor(transition, input.cause)) {
    if (emit.kind === 'webhook' && emit.event.startsWith('panel.')) {
      await emitPanelEvents(
        tx,
        emit.event as 'panel.canceled' | 'panel.resumed' | 'panel.expired',
        ids,
        input.at,
      );
    } else if (emit.kind === 'audit') {
      const entry = input.audit ?? {};
      await recordAudits(
        tx,
        ids.map((id) => ({
          actorId: entry.actor?.id ?? null,
          actorEmail: entry.actor?.email ?? null,
          action: emit.action,
          targetType: 'panel',
          targetId: id,
          details: { orderId, ...entry.details },
          ip: entry.actor?.ip ?? entry.ip ?? null,
        })),
      );
    }
  }
  return { order, moved, refused };
}

/**
 * The order's own cancel flag after its panels moved: set when none of them would renew any
 * more (the subscription then ends at the period end, as an order-level cancel does), cleared
 * when one would again.
 */
async function followOrderFlag(tx: Tx, order: OrderRow, input: PanelCause): Promise<void> {
  const renewing = await panelsThatWouldRenew(tx, order.id);
  const move = { cause: input.cause, at: input.at, ...(input.audit ? { audit: input.audit } : {}) };
  if (renewing === 0 && !order.cancelAtPeriodEnd) {
    await moveSubscription(tx, order.id, 'schedule_cancel', move, { cancelAtPeriodEnd: true });
  } else if (renewing > 0 && order.cancelAtPeriodEnd) {
    await moveSubscription(tx, order.id, 'resume', move, { cancelAtPeriodEnd: false });
  }
}

/** A panel whose end is already fixed (a paid renewal went without it); the pages read it too. */
const endFixed = (panel: PanelRow) => panelEndFixed(panel);

/**
 * Cancels the panels at the period end (true) or takes that back (false), the named ones or all
 * of the order's; a resume leaves the panels whose end is fixed (`end_fixed`).
 */
function movePanelsCancel(
  tx: Tx,
  orderId: number,
  panelIds: readonly number[] | 'all',
  cancel: boolean,
  input: PanelCause,
): Promise<PanelMoves> {
  return cancel
    ? movePanels(tx, orderId, panelIds, 'schedule_cancel', input, { cancelAtPeriodEnd: true })
    : movePanels(
        tx,
        orderId,
        panelIds,
        'resume',
        { ...input, fixed: endFixed },
        { cancelAtPeriodEnd: false },
      );
}

/** Whether an order's subscription still runs, so its panels can be canceled or resumed. */
export const subscriptionRunning = (order: OrderRow, at: Date) =>
  (order.status === 'paid' || order.status === 'completed') &&
  (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(order.subscriptionStatus) &&
  order.currentPeriodEnd !== null &&
  order.currentPeriodEnd > at;

/**
 * The customer cancels panels of one order at its period end (true) or takes that back (false).
 * Panels already in the state asked for are left as they are (a repeat changes nothing); one
 * whose end a paid renewal fixed cannot be resumed (`end_fixed`). The order's flag follows.
 */
export async function setPanelsCancelTx(
  tx: Tx,
  orderId: number,
  panelIds: readonly number[],
  cancel: boolean,
  input: PanelCause,
): Promise<PanelMoves> {
  const result = await movePanelsCancel(tx, orderId, panelIds, cancel, input);
  if (result.order && result.moved.length > 0) await followOrderFlag(tx, result.order, input);
  return result;
}

/**
 * An order-level cancel or resume (the order's own move, made by the caller) carried to each
 * of its panels; a resume leaves the panels whose end a paid renewal fixed.
 */
export function carryOrderCancelTx(tx: Tx, orderId: number, cancel: boolean, input: PanelCause) {
  return movePanelsCancel(tx, orderId, 'all', cancel, input);
}

/**
 * A renewal paid before the period end went without the order's canceled panels: each one's
 * end is fixed at that period end (`endsAt`), and the sweep expires it then.
 */
export function settlePanelEndsTx(tx: Tx, orderId: number, endsAt: Date, input: PanelCause) {
  return movePanels(tx, orderId, 'all', 'settle_end', { ...input, fixed: endFixed }, { endedAt: endsAt });
}

/**
 * The order's canceled panels whose period is over expire: retired in inventory (an admin
 * rotates their credentials before restocking, D8), ended at their fixed end or else at
 * `periodEnd`. A panel whose fixed end is still ahead is left for later.
 */
export function expirePanelsTx(tx: Tx, orderId: number, periodEnd: Date, input: PanelCause) {
  return movePanels(
    tx,
    orderId,
    'all',
    'expire',
    { ...input, fixed: (panel) => panel.endedAt !== null && panel.endedAt > input.at },
    {
      status: 'retired',
      endedAt: sql`coalesce(${panels.endedAt}, ${periodEnd.toISOString()}::timestamptz)`,
    },
  );
}

/**
 * The whole subscription ended: its panels that were still the customer's end with it (the
 * caller retires them). Ends fixed earlier are kept.
 */
export async function endPanelsWithOrderTx(tx: Tx, orderId: number, endedAt: Date, at: Date) {
  await tx
    .update(panels)
    .set({ endedAt: sql`coalesce(${panels.endedAt}, ${endedAt.toISOString()}::timestamptz)`, updatedAt: at })
    .where(and(eq(panels.orderId, orderId), eq(panels.status, 'sold')));
}

/**
 * Panels an allocation just handed out take their place's billing: a panel for an order its
 * order's cancel flag, a replacement its predecessor's flag and end. One statement for the
 * whole allocation.
 */
export async function carryPanelBillingTx(
  tx: Tx,
  given: readonly { panelId: number; fromPanelId: number | null }[],
): Promise<void> {
  if (given.length === 0) return;
  await tx.execute(sql`
    update admin_panel_inventory p
    set cancel_at_period_end = coalesce(prev.cancel_at_period_end, o.cancel_at_period_end),
        ended_at = prev.ended_at
    from jsonb_to_recordset(${JSON.stringify(given)}::jsonb) as g("panelId" int, "fromPanelId" int)
      left join admin_panel_inventory prev on prev.id = g."fromPanelId",
      orders o
    where p.id = g."panelId" and o.id = p.order_id`);
}

/**
 * A retired panel leaves its order for the stock (an admin restocks it with new credentials):
 * it goes without its last owner's cancel flag and end, and when it ended on the order (rather
 * than being replaced, whose successor holds its place) the order keeps counting the place as
 * filled, so an order still waiting for stock is not owed it again nor renews it.
 */
export async function releaseToStockTx(
  tx: Tx,
  panel: Pick<PanelRow, 'id' | 'orderId' | 'retiredReason'>,
  at: Date,
): Promise<void> {
  await tx
    .update(panels)
    .set({ cancelAtPeriodEnd: false, endedAt: null, updatedAt: at })
    .where(eq(panels.id, panel.id));
  if (panel.orderId === null || panel.retiredReason !== null) return;
  await tx
    .update(orders)
    .set({ restockedPanels: sql`${orders.restockedPanels} + 1` })
    .where(eq(orders.id, panel.orderId));
}
