import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxSessions } from '../../db/schema';
import type { CheckoutOrder, PaymentProvider, ProviderCheckoutState } from '../provider';

/**
 * The built-in provider for demos and tests (D6): a hosted checkout page of our own at
 * /checkout/sandbox/:sessionId. Its sessions live in their own table, as a real provider's
 * would live on the provider's side.
 */
export function createSandboxProvider(db: Database): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(order: CheckoutOrder) {
      const sessionId = `cs_sandbox_${randomBytes(12).toString('hex')}`;
      await db
        .insert(sandboxSessions)
        .values({ id: sessionId, orderId: order.id, amountCents: order.totalCents });
      return { sessionId, url: `/checkout/sandbox/${sessionId}` };
    },
    async expireCheckout(sessionId) {
      const [expired] = await db
        .update(sandboxSessions)
        .set({ status: 'expired', updatedAt: new Date() })
        .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, 'open')))
        .returning({ id: sandboxSessions.id });
      if (expired) return 'expired';
      const [row] = await db
        .select({ status: sandboxSessions.status })
        .from(sandboxSessions)
        .where(eq(sandboxSessions.id, sessionId));
      return row?.status === 'paid' ? 'paid' : 'expired';
    },
    async refund(chargeId) {
      return `re_sandbox_${chargeId}`;
    },
    async retrieveCheckout(sessionId: string): Promise<ProviderCheckoutState | null> {
      const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
      if (!row) return null;
      return {
        status: row.status as ProviderCheckoutState['status'],
        orderId: row.orderId,
        amountCents: row.amountCents,
        chargeId: row.chargeId,
        url: `/checkout/sandbox/${row.id}`,
      };
    },
  };
}
