import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Database } from '../db/client';
import type { PaymentsService } from '../payments/payments-service';

/** Admin: confirm a bank transfer or crypto payment (D6). */
export function adminPaymentRoutes(deps: {
  db: Database;
  guards: SessionGuards;
  payments: PaymentsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/orders/:id/mark-paid',
      {
        preHandler: deps.guards.requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Mark a bank transfer or crypto order as paid; allocation follows',
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: z.object({ paid: z.boolean() }) },
        },
      },
      async (request) => ({
        paid: await deps.payments.confirmManualPayment(request.params.id, currentUser(request), request.ip),
      }),
    );
  };
}
