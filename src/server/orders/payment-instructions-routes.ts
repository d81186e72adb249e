import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsApi } from '../../domain/api/payment-endpoints';
import { currentWorkspace } from '../auth/session';
import type { Config } from '../config';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import type { CheckoutDeps } from './checkout';
import { paymentInstructions } from './payment-instructions';

/** Where to send a bank transfer or crypto payment (D6); another customer's order is a 404. */
export function paymentInstructionsRoutes(
  deps: CheckoutDeps & { config: Config; guards: AccessGuards },
): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, paymentsApi.instructions, async (request) =>
      paymentInstructions(
        deps.db,
        deps.config,
        request.params.id,
        currentWorkspace(request).workspaceId,
        deps.now(),
      ),
    );
  };
}
