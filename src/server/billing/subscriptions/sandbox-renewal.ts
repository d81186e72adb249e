import { and, eq, gt, sql } from 'drizzle-orm';
import { addMonth } from '../../../domain/billing-period';
import { orderRenewalCents } from '../../../domain/pricing';
import { applyCreditTx } from '../../credits/apply';
import { pendingCreditTx } from '../../credits/grant';
import type { Tx } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { renewingPanels } from '../../lifecycle/renewing';
import { renewSubscriptionTx } from '../../lifecycle/subscription-moves';
import { sandboxRenewalPayment } from './renewal-payment';

type OrderRow = typeof orders.$inferSelect;

export type SandboxCharge =
  | { ok: true; amountCents: number; periodEnd: Date; panels: number }
  | { ok: false; amountCents: number };

/**
 * The card on file declines this charge when the order's failing test card still has
 * declines left, taking one off (docs/decisions/0019-dunning.md).
 */
async function cardDeclinesTx(tx: Tx, orderId: number): Promise<boolean> {
  const [declined] = await tx
    .update(orders)
    .set({ sandboxCardDeclines: sql`${orders.sandboxCardDeclines} - 1` })
    .where(and(eq(orders.id, orderId), gt(orders.sandboxCardDeclines, 0)))
    .returning({ id: orders.id });
  return declined !== undefined;
}

/**
 * Charges a sandbox subscription's renewal from its period end: one payment per month up to
 * the first that ends after `now` (each missed month its own charge, dated at its start;
 * the first at `chargedAt`), the panels that renew at their price (docs/decisions/0017), a
 * late-delivery credit lowering the first. The subscription is active over the new period,
 * from active or past due. A declined card charges nothing and moves nothing: the caller
 * makes it past due or leaves it so.
 */
export async function chargeSandboxRenewalTx(
  tx: Tx,
  order: OrderRow,
  now: Date,
  chargedAt: Date,
): Promise<SandboxCharge> {
  const periodEnd = order.currentPeriodEnd;
  if (!periodEnd) throw new Error(`order ${order.id} has no period to renew`);
  const panelCount = await renewingPanels(tx, order);
  const price = orderRenewalCents(order, panelCount);
  if (await cardDeclinesTx(tx, order.id)) return { ok: false, amountCents: price };
  let start = periodEnd;
  let end = addMonth(start);
  // A late-delivery credit lowers the first of these charges, never below zero (§10).
  let credit = await pendingCreditTx(tx, order.id);
  let firstCharged: number | null = null;
  for (;;) {
    const charged = credit ? Math.max(0, price - credit.amountCents) : price;
    const [payment] = await tx
      .insert(payments)
      .values({
        ...sandboxRenewalPayment(order, { start, end }, charged, panelCount),
        createdAt: firstCharged === null ? chargedAt : start,
      })
      .onConflictDoNothing({ target: [payments.provider, payments.providerChargeId] })
      .returning({ id: payments.id });
    if (payment && credit) {
      await applyCreditTx(tx, credit.id, { paymentId: payment.id, chargedCents: charged }, now);
      credit = undefined;
    }
    if (payment && firstCharged === null) firstCharged = charged;
    if (end > now) break;
    start = end;
    end = addMonth(start);
  }
  await renewSubscriptionTx(tx, order.id, { cause: 'system', at: now }, () => ({
    currentPeriodStart: start,
    currentPeriodEnd: end,
  }));
  return { ok: true, amountCents: firstCharged ?? price, periodEnd: end, panels: panelCount };
}
