import { asc, eq, inArray } from 'drizzle-orm';
import { panelRenewal } from '../../domain/panel-billing';
import type { WebhookEventType } from '../../domain/webhooks';
import { orders, panels, refundRequests } from '../db/schema';
import type { TxOrDb } from '../outbox/enqueue';
import type { OrderEventData, PanelEventData, RefundEventData, SubscriptionEventData } from './payloads';
import { recordWebhookEvent, recordWebhookEvents, webhookOwner } from './record';

// The events as the product code emits them: one call with the row's id, inside the
// transaction that made the change, after the change (the data is read back from the rows
// as they now are). docs/decisions/0012-webhooks.md lists where each one is called.

type Order = typeof orders.$inferSelect;
type OrderEvent = 'order.created' | 'order.paid' | 'order.canceled';
type SubscriptionEvent = Extract<WebhookEventType, `subscription.${string}`>;
type RefundEvent = Extract<WebhookEventType, `refund.${string}`>;
type PanelBillingEvent = 'panel.canceled' | 'panel.resumed' | 'panel.expired';

function orderData(order: Order): OrderEventData {
  return {
    orderId: order.id,
    status: order.status,
    planId: order.planId,
    quantity: order.quantity,
    additionalPanels: order.additionalPanels,
    totalCents: order.totalCents,
    currency: 'USD',
    paymentMethod: order.paymentMethod,
    subscriptionStatus: order.subscriptionStatus,
    currentPeriodEnd: order.currentPeriodEnd?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** The subscription's part of the order, each field written as the order events write it. */
function subscriptionData(order: Order): SubscriptionEventData {
  const { orderId, planId, subscriptionStatus, totalCents, currency, currentPeriodEnd } = orderData(order);
  return {
    orderId,
    planId,
    subscriptionStatus,
    totalCents,
    currency,
    currentPeriodEnd,
    cancelAtPeriodEnd: order.cancelAtPeriodEnd,
  };
}

async function readOrder(tx: TxOrDb, orderId: number): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** order.created, order.paid or order.canceled for one order, as it now is. */
export async function emitOrderEvent(tx: TxOrDb, type: OrderEvent, orderId: number, at: Date): Promise<void> {
  const order = await readOrder(tx, orderId);
  if (!order) return;
  if (type === 'order.canceled') {
    await recordWebhookEvent(
      tx,
      webhookOwner(order),
      type,
      { ...orderData(order), cancelReason: order.cancelReason },
      at,
    );
  } else await recordWebhookEvent(tx, webhookOwner(order), type, orderData(order), at);
}

/**
 * emitOrderEvent for several orders, each at its own moment: one read and one insert for a
 * whole batch (a burst of payments applied together).
 */
export async function emitOrderEvents(
  tx: TxOrDb,
  type: OrderEvent,
  orderIds: readonly number[],
  at: (orderId: number) => Date,
): Promise<void> {
  const found = await ordersInOrder(tx, orderIds);
  if (found.length === 0) return;
  const events = found.map((order) => ({
    workspaceId: webhookOwner(order),
    data:
      type === 'order.canceled'
        ? { ...orderData(order), cancelReason: order.cancelReason }
        : orderData(order),
    at: at(order.id),
  }));
  await recordWebhookEvents(tx, type, events, at(found[0]?.id ?? 0));
}

/** The orders of these ids that exist, in the order the ids are given: one read. */
async function ordersInOrder(tx: TxOrDb, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  const byId = new Map(rows.map((order) => [order.id, order]));
  return orderIds.flatMap((id) => byId.get(id) ?? []);
}

/** order.completed for orders whose every panel is now delivered, with the panels' ids. */
export async function emitOrdersCompleted(tx: TxOrDb, orderIds: number[], at: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await tx.select().from(orders).where(inArray(orders.id, orderIds));
  const delivered = await tx
    .select({ id: panels.id, orderId: panels.orderId })
    .from(panels)
    .where(inArray(panels.orderId, orderIds))
    .orderBy(asc(panels.id));
  const events = rows.map((order) => ({
    workspaceId: webhookOwner(order),
    data: { ...orderData(order), panelIds: delivered.filter((p) => p.orderId === order.id).map((p) => p.id) },
  }));
  await recordWebhookEvents(tx, 'order.completed', events, at);
}

/** A subscription event for one order, as it now is. */
export async function emitSubscriptionEvent(
  tx: TxOrDb,
  type: SubscriptionEvent,
  orderId: number,
  at: Date,
): Promise<void> {
  const order = await readOrder(tx, orderId);
  if (order) await recordWebhookEvent(tx, webhookOwner(order), type, subscriptionData(order), at);
}

/**
 * The same event for each of several orders, in the order given: one read and one insert for
 * a whole batch (a renewal sweep moves hundreds at a time).
 */
export async function emitSubscriptionEvents(
  tx: TxOrDb,
  type: SubscriptionEvent,
  orderIds: readonly number[],
  at: Date,
): Promise<void> {
  if (orderIds.length === 0) return;
  const events = (await ordersInOrder(tx, orderIds)).map((order) => ({
    workspaceId: webhookOwner(order),
    data: subscriptionData(order),
  }));
  await recordWebhookEvents(tx, type, events, at);
}

/** A refund request's event, as the request now is. */
export async function emitRefundEvent(
  tx: TxOrDb,
  type: RefundEvent,
  refundRequestId: number,
  at: Date,
): Promise<void> {
  const [row] = await tx
    .select({ request: refundRequests, order: orders })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .where(eq(refundRequests.id, refundRequestId));
  if (!row) return;
  const { request, order } = row;
  const data: RefundEventData = {
    refundRequestId: request.id,
    orderId: order.id,
    status: request.status,
    reason: request.reason,
    decisionNote: request.decisionNote,
    totalCents: order.totalCents,
    currency: 'USD',
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
  await recordWebhookEvent(tx, webhookOwner(order), type, data, at);
}

/** A panel billing event for each panel, as it and its order now are (one read for all). */
export async function emitPanelEvents(
  tx: TxOrDb,
  type: PanelBillingEvent,
  panelIds: readonly number[],
  at: Date,
): Promise<void> {
  if (panelIds.length === 0) return;
  const rows = await tx
    .select({ panel: panels, order: orders })
    .from(panels)
    .innerJoin(orders, eq(orders.id, panels.orderId))
    .where(inArray(panels.id, [...panelIds]))
    .orderBy(asc(panels.id));
  const events = rows.map(({ panel, order }) => {
    const { renewsAt, endsAt } = panelRenewal({ ...panel, ...pick(order) });
    const data: PanelEventData = {
      panelId: panel.id,
      orderId: order.id,
      email: panel.email,
      status: panel.status === 'sold' ? 'active' : 'expired',
      cancelAtPeriodEnd: panel.cancelAtPeriodEnd,
      renewsAt: renewsAt?.toISOString() ?? null,
      endsAt: endsAt?.toISOString() ?? null,
    };
    return { workspaceId: webhookOwner(order), data };
  });
  await recordWebhookEvents(tx, type, events, at);
}

const pick = (order: Order) => ({
  subscriptionStatus: order.subscriptionStatus,
  currentPeriodEnd: order.currentPeriodEnd,
});
