import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingApi } from '../../../domain/api/billing-endpoints';
import { currentWorkspace } from '../../auth/session';
import type { AccessGuards } from '../../http/access-guards';
import { serving } from '../../http/serve';
import { type ManualAddDeps, myPanelAdditions } from './manual-add';

/** The customer's panel additions still waiting for a bank transfer or crypto payment. */
export function manualAddRoutes(deps: ManualAddDeps & { guards: AccessGuards }): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, billingApi.panelAdditions, async (request) => ({
      additions: await myPanelAdditions(
        deps.db,
        deps.config,
        currentWorkspace(request).workspaceId,
        deps.now(),
      ),
    }));
  };
}
