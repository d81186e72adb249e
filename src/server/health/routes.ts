import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemApi } from '../../domain/api/site-endpoints';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import { errorBody } from '../http/errors';
import { serving } from '../http/serve';

export function healthRoutes(deps: { db: Database; guards: AccessGuards }): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, systemApi.health, async () => ({ status: 'ok' as const }));

    serve(app, systemApi.ready, async (request, reply) => {
      try {
        await deps.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send(errorBody('database_unavailable', 'The database is not answering.'));
      }
    });
  };
}
