import { and, eq, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsApi } from '../../domain/api/payment-endpoints';
import { currentWorkspace } from '../auth/session';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import type { CheckoutProviders } from '../orders/checkout';
import type { PaymentProvider } from '../payments/provider';
import type { PaymentsService } from './service';

/**
 * POST /api/payments/verify (the documented verify-payment): asks the provider on the server
 * whether the checkout was paid; a paid checkout whose webhook has not arrived yet is
 * confirmed here through the same pipeline. A client's claim is never trusted.
 */
export function verifyRoutes(deps: {
  db: Database;
  guards: AccessGuards;
  providers: CheckoutProviders;
  payments: PaymentsService;
}): FastifyPluginAsyncZod {
  const providerFor = (name: string): PaymentProvider | undefined =>
    [deps.providers.card, deps.providers.manual].find((p) => p?.name === name) ?? undefined;

  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, paymentsApi.verify, async (request) => {
      const { sessionId, orderId } = request.body;
      if (!sessionId && !orderId) return { success: false };
      const { workspaceId } = currentWorkspace(request);
      const [order] = await deps.db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.workspaceId, workspaceId),
            or(
              orderId ? eq(orders.id, orderId) : undefined,
              sessionId ? eq(orders.providerSessionId, sessionId) : undefined,
            ),
          ),
        )
        .limit(1);
      if (!order) return { success: false };
      if (order.status === 'paid' || order.status === 'completed') return { success: true };
      const provider = providerFor(order.provider);
      if (!provider || !order.providerSessionId || provider.name === 'manual') return { success: false };
      const state = await provider.retrieveCheckout(order.providerSessionId);
      if (state?.status !== 'paid' || !state.chargeId) return { success: false };
      await deps.payments.handleEvent({
        provider: provider.name,
        id: `verify:${order.providerSessionId}`,
        event: {
          type: 'checkout.completed',
          orderId: order.id,
          sessionId: order.providerSessionId,
          chargeId: state.chargeId,
          amountCents: state.amountCents,
          customerId: state.customerId ?? null,
          subscriptionId: state.subscriptionId ?? null,
        },
      });
      return { success: true };
    });
  };
}
