import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { CheckoutOrder, PaymentProvider, ProviderCheckoutState } from '../provider';

const PREFIX = 'manual_';

/**
 * Bank transfer and crypto (D6): no provider takes the money, so the "checkout" is a page of
 * instructions and an admin confirms the payment. The order itself is the provider's record.
 */
export function createManualProvider(db: Database): PaymentProvider {
  return {
    name: 'manual',
    async createCheckout(order: CheckoutOrder) {
      return { sessionId: `${PREFIX}${order.id}`, url: `/checkout/manual/${order.id}` };
    },
    async retrieveCheckout(sessionId: string): Promise<ProviderCheckoutState | null> {
      const id = Number(sessionId.slice(PREFIX.length));
      if (!sessionId.startsWith(PREFIX) || !Number.isInteger(id)) return null;
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      if (!order) return null;
      const paid = order.status === 'paid' || order.status === 'completed';
      return {
        status: paid ? 'paid' : order.status === 'canceled' ? 'canceled' : 'open',
        orderId: order.id,
        amountCents: order.totalCents,
        chargeId: paid ? `${PREFIX}${order.id}` : null,
        url: `/checkout/manual/${order.id}`,
      };
    },
  };
}
