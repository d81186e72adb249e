import { orderRenewalCents } from '../../../domain/pricing';
import { pendingCreditsOf } from '../../credits/grant';
import type { orders } from '../../db/schema';
import { renewingPanels } from '../../lifecycle/renewing';
import type { TxOrDb } from '../../outbox/enqueue';

type OrderRow = typeof orders.$inferSelect;

/**
 * What the next renewal of each order costs: its renewing panels at its own prices
 * (docs/decisions/0017), less a late-delivery credit still pending, never below zero. The
 * figure the renewal invoice, the reminders and the past-due lists all show.
 */
export async function renewalOwedOf(db: TxOrDb, list: readonly OrderRow[]): Promise<Map<number, number>> {
  const credits = await pendingCreditsOf(
    db,
    list.map((o) => o.id),
  );
  const owed = new Map<number, number>();
  for (const order of list) {
    const price = orderRenewalCents(order, await renewingPanels(db, order));
    owed.set(order.id, Math.max(0, price - (credits.get(order.id) ?? 0)));
  }
  return owed;
}
