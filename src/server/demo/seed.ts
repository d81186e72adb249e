import { randomBytes } from 'node:crypto';
import { DEFAULT_DOMAINS, USERS_PER_PANEL } from '../../domain/constants';
import { getPlan } from '../../domain/plans';
import { monthlyTotalCents, panelsDelivered } from '../../domain/pricing';
import { createUserWithPassword } from '../auth/users';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { appMeta, orders, panels } from '../db/schema';
import { confirmPaymentTx } from '../payments/confirm';
import { fillWaitingOrders } from '../provisioning/fulfillment';
import { DEMO_ACCOUNTS } from './demo-accounts';

const DEMO_SEED_KEY = 'demo_seeded_at';
export const DEMO_INVENTORY_SIZE = 120;

function demoPanelPassword(): string {
  return `Pnl-${randomBytes(9).toString('base64url')}`;
}

/**
 * Seeds the demo data once per database: the demo admin and customer (D2) and stock. The marker row is written in the same
 * transaction, so a second start (or a second instance starting at the same time)
 * finds it and seeds nothing.
 */
const DEMO_ORDERS = [
  { planId: 'pro', additionalPanels: 0, daysAgo: 40 },
  { planId: 'basic', additionalPanels: 2, daysAgo: 20 },
  { planId: 'pro', additionalPanels: 7, daysAgo: 3 },
] as const;

export async function seedDemoData(db: Database, cipher: PanelCipher, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    const stock = Array.from({ length: DEMO_INVENTORY_SIZE }, (_, i) => ({
      email: `admin${String(i + 1).padStart(4, '0')}@panels.panelhub-demo.example`,
      password: cipher.encrypt(demoPanelPassword()),
      domains: DEFAULT_DOMAINS,
      maxMailboxes: USERS_PER_PANEL,
    }));
    await tx.insert(panels).values(stock);
    await createUserWithPassword(tx, {
      ...DEMO_ACCOUNTS.admin,
      role: 'admin',
      password: DEMO_ACCOUNTS.password,
      emailVerified: true,
    });
    const customerId = await createUserWithPassword(tx, {
      ...DEMO_ACCOUNTS.customer,
      role: 'user',
      password: DEMO_ACCOUNTS.password,
      emailVerified: true,
    });

    // D3: three completed orders of 5, 3 and 12 panels, bought and delivered through the
    // same confirmation and allocation code as a real purchase.
    for (const demo of DEMO_ORDERS) {
      const at = new Date(now.getTime() - demo.daysAgo * 86_400_000);
      const [order] = await tx
        .insert(orders)
        .values({
          userId: customerId,
          planId: demo.planId,
          additionalPanels: demo.additionalPanels,
          quantity: panelsDelivered(demo.planId, demo.additionalPanels),
          totalCents: monthlyTotalCents(demo.planId, demo.additionalPanels),
          planPriceCents: getPlan(demo.planId)?.priceCents ?? 0,
          addonPriceCents: getPlan(demo.planId)?.addonCostCents ?? 0,
          status: 'pending_payment',
          paymentMethod: 'card',
          provider: 'sandbox',
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!order) throw new Error('demo order insert returned nothing');
      await confirmPaymentTx(tx, {
        orderId: order.id,
        provider: 'sandbox',
        chargeId: `ch_demo_${order.id}`,
        sessionId: null,
        amountCents: order.totalCents,
        method: 'sandbox',
        now: at,
      });
      await fillWaitingOrders(tx, at);
    }
    return true;
  });
}
