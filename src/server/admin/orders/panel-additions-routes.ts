import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrdersApi } from '../../../domain/api/admin/endpoints';
import { actorOf } from '../../auth/actor';
import { recordManualAddition } from '../../billing/add-panels/manual-add';
import { serving } from '../../http/serve';
import type { AdminDeps } from '../deps';

/** The money of panels a bank transfer or crypto customer asked to add, recorded by an admin (D8). */
export function adminPanelAdditionRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, adminOrdersApi.recordPanelAddition, async (request) =>
      recordManualAddition(
        deps,
        request.params.id,
        request.params.additionId,
        request.body.reference || undefined,
        actorOf(request),
      ),
    );
  };
}
