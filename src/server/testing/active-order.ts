import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createPanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { orders, panels } from '../db/schema';
import { insertPendingOrder } from './orders';

const DAY = 86_400_000;

/**
 * A completed order of `userId` in the middle of a paid period, with `count` panels sold to
 * them (passwords under `key`, so a reveal reads them back). Returns the order and panel ids.
 */
export async function insertActiveOrder(
  db: Database,
  userId: string,
  options: { key: string; count?: number; now?: Date },
): Promise<{ orderId: number; panelIds: number[] }> {
  const count = options.count ?? 1;
  const now = options.now ?? new Date();
  const { order } = await insertPendingOrder(db, userId, { quantity: count });
  await db
    .update(orders)
    .set({
      status: 'completed',
      paidAt: new Date(now.getTime() - DAY),
      completedAt: new Date(now.getTime() - DAY),
      subscriptionStatus: 'active',
      currentPeriodStart: new Date(now.getTime() - DAY),
      currentPeriodEnd: new Date(now.getTime() + 29 * DAY),
    })
    .where(eq(orders.id, order.id));
  const cipher = createPanelCipher(options.key);
  const tag = randomBytes(3).toString('hex');
  const rows = await db
    .insert(panels)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `sold-${tag}-${i}@panels.example`,
        password: cipher.encrypt(`sold-pw-${i}`),
        status: 'sold' as const,
        soldTo: userId,
        orderId: order.id,
        purchaseDate: new Date(now.getTime() - DAY),
      })),
    )
    .returning({ id: panels.id });
  return { orderId: order.id, panelIds: rows.map((r) => r.id) };
}
