import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingApi } from '../../../domain/api/billing-endpoints';
import { currentWorkspace } from '../../auth/session';
import type { AccessGuards } from '../../http/access-guards';
import { serving } from '../../http/serve';
import { type AddPanelsDeps, addPanels, quoteAddPanels } from './add-panels';

/** The customer's quote for panels joining a subscription's renewal date, and the purchase. */
export function addPanelsRoutes(deps: AddPanelsDeps & { guards: AccessGuards }): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, billingApi.addPanelsQuote, async (request) =>
      quoteAddPanels(
        deps,
        currentWorkspace(request).workspaceId,
        request.params.orderId,
        request.query.panels,
      ),
    );
    serve(app, billingApi.addPanels, async (request) =>
      addPanels(deps, currentWorkspace(request), request.params.orderId, request.body, request.ip),
    );
  };
}
