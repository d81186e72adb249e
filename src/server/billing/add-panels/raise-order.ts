import { eq } from 'drizzle-orm';
import { getPlan, type PlanId } from '../../../domain/plans';
import { renewalPriceCents } from '../../../domain/pricing';
import { ownPrices } from '../../../domain/pro-rata';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';

/**
 * Raises the order by `added` panels: its quantity, its add-ons (quantity less the plan's own)
 * and its monthly total at its own prices, so every later renewal charges them all. However
 * the panels were paid for (at once, by Stripe, by a recorded transfer), the order ends the same.
 */
export async function raiseOrderTx(
  tx: Tx,
  order: {
    id: number;
    planId: PlanId;
    quantity: number;
    planPriceCents: number;
    addonPriceCents: number;
  },
  added: number,
  now: Date,
): Promise<void> {
  const quantity = order.quantity + added;
  await tx
    .update(orders)
    .set({
      quantity,
      additionalPanels: quantity - getPlan(order.planId).adminPanels,
      totalCents: renewalPriceCents(order.planId, quantity, ownPrices(order)),
      updatedAt: now,
    })
    .where(eq(orders.id, order.id));
}
