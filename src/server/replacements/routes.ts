import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replacementsApi } from '../../domain/api/endpoints';
import { currentWorkspace } from '../auth/session';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import { myReplacements, type ReplacementDeps, reportProblem } from './service';

/** The customer's replacement requests (docs/product.md §11): only the workspace's, only its panels. */
export function replacementRoutes(deps: ReplacementDeps & { guards: AccessGuards }): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, replacementsApi.mine, async (request) => ({
      requests: await myReplacements(deps.db, currentWorkspace(request).workspaceId),
    }));

    serve(app, replacementsApi.report, async (request, reply) => {
      const created = await reportProblem(
        deps,
        currentWorkspace(request),
        request.params.panelId,
        request.body,
        request.ip,
      );
      return reply.status(201).send(created);
    });
  };
}
