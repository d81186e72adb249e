import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../domain/api/errors';
import { healthOkSchema } from '../../domain/api/site';
import type { Database } from '../db/client';
import { errorBody } from '../http/errors';

export function healthRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { tags: ['system'], summary: 'The process is alive', response: { 200: healthOkSchema } } },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/api/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'The database answers',
          response: { 200: healthOkSchema, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        try {
          await db.execute(sql`select 1`);
          return { status: 'ok' as const };
        } catch (error) {
          request.log.warn({ err: error }, 'readiness check failed');
          return reply.status(503).send(errorBody('database_unavailable', 'The database is not answering.'));
        }
      },
    );
  };
}
