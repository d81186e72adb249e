import { and, asc, eq, inArray } from 'drizzle-orm';
import { addMonth } from '../../../domain/billing-period';
import { orderRenewalCents } from '../../../domain/pricing';
import type { Tx } from '../../db/client';
import { accountCredits, orders, panels, payments } from '../../db/schema';
import { panelBillingState } from '../../lifecycle/panel-moves';
import { wouldRenewSql } from '../../lifecycle/renewing';
import type { OrderRow } from '../../lifecycle/result';
import { renewSubscriptionsTx } from '../../lifecycle/subscription-moves';
import { sandboxRenewalPayment } from './renewal-payment';
import type { SweepChange } from './subscriptions';

/**
 * Most due subscriptions are the plain case: a sandbox subscription, active, not canceled, none
 * of its panels canceled, no credit waiting, one month due, its card not set to decline. The sweep renews those of a batch
 * together, in a handful of statements whatever the batch's size, where one order at a time
 * costs about ten round trips each; every other case goes one order at a time as before.
 *
 * Which of the claimed orders (locked by the caller) are plain. Their panels and pending credits
 * are locked here, as the one-order path locks them, so nothing changes under the renewal.
 */
export async function plainRenewalsTx(tx: Tx, due: readonly OrderRow[], now: Date): Promise<OrderRow[]> {
  const candidates = due.filter(
    (order) =>
      order.provider === 'sandbox' &&
      order.sandboxCardDeclines === 0 &&
      order.subscriptionStatus === 'active' &&
      !order.cancelAtPeriodEnd &&
      order.currentPeriodEnd !== null &&
      addMonth(order.currentPeriodEnd) > now,
  );
  if (candidates.length === 0) return [];
  const ids = candidates.map((order) => order.id);
  const held = await tx
    .select({ orderId: panels.orderId, status: panels.status, cancelAtPeriodEnd: panels.cancelAtPeriodEnd })
    .from(panels)
    .where(inArray(panels.orderId, ids))
    .orderBy(asc(panels.id))
    .for('update');
  const credited = await tx
    .select({ orderId: accountCredits.orderId })
    .from(accountCredits)
    .where(and(inArray(accountCredits.orderId, ids), eq(accountCredits.status, 'pending')))
    .for('update');
  const special = new Set<number | null>([
    ...held.filter((panel) => panelBillingState(panel) === 'canceling').map((panel) => panel.orderId),
    ...credited.map((credit) => credit.orderId),
  ]);
  return candidates.filter((order) => !special.has(order.id));
}

/**
 * Renews plain orders (plainRenewalsTx) as the one-order path would: a charge for the panels
 * that renew at the order's price, the next month's period, `subscription.renewed`. Returns
 * each order's change, by order id.
 */
export async function renewPlainTx(
  tx: Tx,
  plain: readonly OrderRow[],
  now: Date,
): Promise<Map<number, SweepChange>> {
  const renewed = new Map<number, SweepChange>();
  if (plain.length === 0) return renewed;
  const counts = await tx
    .select({ id: orders.id, panels: wouldRenewSql })
    .from(orders)
    .where(
      inArray(
        orders.id,
        plain.map((order) => order.id),
      ),
    );
  const panelsOf = new Map(counts.map((row) => [row.id, row.panels]));
  const charges = plain.flatMap((order) => {
    if (!order.currentPeriodEnd) return [];
    const start = order.currentPeriodEnd;
    const panelCount = panelsOf.get(order.id) ?? 0;
    return [{ order, start, end: addMonth(start), panelCount, price: orderRenewalCents(order, panelCount) }];
  });
  await tx
    .insert(payments)
    .values(charges.map((c) => sandboxRenewalPayment(c.order, c, c.price, c.panelCount)))
    .onConflictDoNothing({ target: [payments.provider, payments.providerChargeId] });
  await renewSubscriptionsTx(
    tx,
    charges.map((c) => ({ orderId: c.order.id, currentPeriodStart: c.start, currentPeriodEnd: c.end })),
    { cause: 'system', at: now },
  );
  for (const c of charges) {
    renewed.set(c.order.id, {
      orderId: c.order.id,
      userId: c.order.userId,
      kind: 'renewed',
      amountCents: c.price,
      periodEnd: c.end,
      panels: c.panelCount,
    });
  }
  return renewed;
}
