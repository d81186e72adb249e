import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../domain/input-bounds';
import { paymentInstructionsSchema } from '../../domain/payment-details';
import { currentUser } from '../auth/session';
import type { Config } from '../config';
import type { CheckoutDeps } from './checkout';
import { paymentInstructions } from './payment-instructions';

/** GET /api/orders/:id/payment-instructions, inside orderRoutes (behind its requireUser hook). */
export function paymentInstructionsRoutes(deps: CheckoutDeps & { config: Config }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/orders/:id/payment-instructions',
      {
        schema: {
          tags: ['orders'],
          summary:
            'How to pay a bank transfer or crypto order (owner only): amount, reference, pay-by date and payment details while something is due',
          params: idParamsSchema,
          response: { 200: paymentInstructionsSchema },
        },
      },
      async (request) =>
        paymentInstructions(deps.db, deps.config, request.params.id, currentUser(request).id, deps.now()),
    );
  };
}
