import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  myReplacementSchema,
  myReplacementsSchema,
  panelIdParamsSchema,
  reportProblemBodySchema,
} from '../../domain/api/replacements';
import { currentUser, type SessionGuards } from '../auth/session';
import { myReplacements, type ReplacementDeps, reportProblem } from './service';

const tags = ['orders'];

/** The customer's replacement requests (docs/product.md §11): only their own, only their own panels. */
export function replacementRoutes(deps: ReplacementDeps & { guards: SessionGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.guards.requireUser);

    app.get(
      '/api/me/replacements',
      {
        schema: {
          tags,
          summary: "The customer's panel replacement requests, newest first",
          response: { 200: myReplacementsSchema },
        },
      },
      async (request) => ({ requests: await myReplacements(deps.db, currentUser(request).id) }),
    );

    app.post(
      '/api/me/panels/:panelId/replacement-request',
      {
        schema: {
          tags,
          summary: 'Report a problem with an active panel and ask for a replacement',
          params: panelIdParamsSchema,
          body: reportProblemBodySchema,
          response: { 201: myReplacementSchema },
        },
      },
      async (request, reply) => {
        const created = await reportProblem(
          deps,
          currentUser(request),
          request.params.panelId,
          request.body,
          request.ip,
        );
        return reply.status(201).send(created);
      },
    );
  };
}
